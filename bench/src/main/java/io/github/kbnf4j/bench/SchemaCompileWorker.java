package io.github.kbnf4j.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.internal.ProgramGrammars;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.internal.SchemaCompiler;
import io.github.kbnf4j.jsonschema.internal.SchemaGrammar;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.function.BiFunction;

/**
 * One build's schema compiler, timed by stage for {@link SchemaCompileTimes}: the schema's text read
 * as JSON, translated into a grammar ({@link SchemaCompiler#translate}), and that grammar compiled
 * ({@link ProgramGrammars#compile}), each measured as the calling thread's CPU time. It is a JDK
 * {@link BiFunction} so that a driver can call copies of it loaded from different builds, each
 * through its own class loader, without sharing any kbnf4j type with them.
 *
 * <p>{@code apply(text, false)}: the nanoseconds {@code long[] {parse, translate, compile}}, or
 * null if the schema is refused. {@code apply(text, true)}: the grammar's KBNF text, or
 * {@code "refused: "} and the message, to compare what two builds produce. {@code apply(null, any)}:
 * empties the automata the compiler shares between compilations (its {@code AutomatonCache}), so
 * that a timed pass does not find the automata of the warm-up passes over the same schemas; returns
 * null.
 *
 * <p>Thread-safe (the compiler is); the times are those of the calling thread.
 */
public final class SchemaCompileWorker implements BiFunction<String, Boolean, Object> {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final JsonSchemaOptions options = JsonSchemaOptions.DEFAULT;

    @Override
    public Object apply(String schemaText, Boolean grammarText) {
        if (schemaText == null) {
            clearSharedAutomata();
            return null;
        }
        if (grammarText) {
            try {
                JsonNode schema = JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, schemaText);
                String kbnf = JsonSchemaGrammar.toKbnf(JsonSchemaGrammar.DEFAULT_SOURCE, schema, options);
                JsonSchemaGrammar.compile(JsonSchemaGrammar.DEFAULT_SOURCE, schema, options);
                return kbnf;
            } catch (JsonSchemaException | GrammarException | StackOverflowError e) {
                return "refused: " + e.getMessage();
            }
        }
        try {
            long t0 = THREADS.getCurrentThreadCpuTime();
            JsonNode schema = JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, schemaText);
            long t1 = THREADS.getCurrentThreadCpuTime();
            SchemaGrammar g = SchemaCompiler.translate(JsonSchemaGrammar.DEFAULT_SOURCE, schema, options);
            long t2 = THREADS.getCurrentThreadCpuTime();
            ProgramGrammars.compile(g.ast(), g.start(), options.grammarOptions(), g.warnings());
            long t3 = THREADS.getCurrentThreadCpuTime();
            return new long[] {t1 - t0, t2 - t1, t3 - t2};
        } catch (JsonSchemaException | GrammarException | StackOverflowError e) {
            return null;
        }
    }

    /** The cache is package-private in the compiler; this benchmark reaches it by reflection. */
    private static void clearSharedAutomata() {
        try {
            Class<?> cache = Class.forName("io.github.kbnf4j.jsonschema.internal.AutomatonCache", true,
                    SchemaCompileWorker.class.getClassLoader());
            Method shared = cache.getDeclaredMethod("shared");
            Method clear = cache.getDeclaredMethod("clear");
            shared.setAccessible(true);
            clear.setAccessible(true);
            clear.invoke(shared.invoke(null));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot empty the compiler's AutomatonCache", e);
        }
    }
}
