package io.github.kbnf4j.grammar;

import java.lang.reflect.AnnotatedElement;
import java.util.Optional;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Quick runs of this module's jqwik properties for mutation testing: when the system property
 * {@value #PROPERTY} is set (the {@code pitest} profile of the parent pom sets it for PIT's test
 * processes), it caps the number of tries at its value and turns shrinking off; without it (every
 * normal build) it does nothing.
 *
 * <p>The same hook as testdata's {@code QuickProperties}, which the modules downstream of
 * testdata get on their test class path. This module is upstream of testdata and cannot depend on
 * it, so it keeps its own copy in its test sources (not shipped: only this module's tests see it),
 * registered through {@code META-INF/services/net.jqwik.api.lifecycle.LifecycleHook} in its test
 * resources. A cap lowers how many random cases are tried, never what each one checks; a property
 * with fewer tries than the cap keeps its own. A capped property runs from a fixed seed
 * ({@link #SEED}) unless it names one.
 */
public final class QuickProperties implements AroundPropertyHook {
    /** The system property holding the cap (a positive integer). */
    public static final String PROPERTY = "kbnf4j.maxTries";
    /**
     * The seed of every capped property that names none: each mutant meets the same cases, so a
     * verdict does not depend on luck, and the run without mutation that PIT requires to pass
     * cannot fail by chance (a coverage check such as "most tries compiled a grammar" is a coin
     * toss on twenty random grammars).
     */
    static final String SEED = "20260101";

    /** Required by the service loader. */
    public QuickProperties() {
    }

    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public boolean appliesTo(Optional<AnnotatedElement> element) {
        return System.getProperty(PROPERTY) != null;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        int cap = cap(System.getProperty(PROPERTY));
        PropertyAttributes attributes = context.attributes();
        int tries = attributes.tries().orElse(1000); // jqwik's default when a property names none
        if (tries > cap) {
            attributes.setTries(cap);
        }
        attributes.setShrinking(ShrinkingMode.OFF);
        if (attributes.seed().isEmpty()) {
            attributes.setSeed(SEED);
        }
        return property.execute();
    }

    /** The cap {@code value} stands for; a clear error names the property when it is no positive integer. */
    static int cap(String value) {
        int cap;
        try {
            cap = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " is not a number of tries", e);
        }
        if (cap < 1) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value + " must be at least 1");
        }
        return cap;
    }

    @Override
    public int aroundPropertyProximity() {
        // outside the hooks of the tests themselves: the cap is in place before any of them runs
        return -100;
    }
}
