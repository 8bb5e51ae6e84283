package io.github.kbnf4j.bench;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * A class loader for one build of kbnf4j: the classes of {@code io.github.kbnf4j} come from its own
 * class path first (child first), everything else (the JDK, Jackson, Caffeine, ...) from the
 * parent, so that two builds can run side by side in one JVM with the same libraries. Used by
 * {@link SchemaCompileTimes} to compare builds on the same schemas at the same moment.
 */
final class BuildClassLoader extends URLClassLoader {
    private static final String OWN_PREFIX = "io.github.kbnf4j.";

    BuildClassLoader(String name, URL[] classPath, ClassLoader parent) {
        super(name, classPath, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(OWN_PREFIX)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = super.loadClass(name, false);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }
}
