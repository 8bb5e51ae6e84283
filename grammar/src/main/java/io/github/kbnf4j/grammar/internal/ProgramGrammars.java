package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.hir.PackedGrammar;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Compiles a grammar that a program built as an AST (the JSON Schema compiler does) into the public
 * {@link CompiledGrammar}. Only modules that the grammar module exports its internal packages to can
 * reach this class.
 *
 * <p>{@link CompiledGrammar}'s constructor is package-private to the API package, so that package
 * hands this class its factory once, from {@code Grammar}'s static initializer (the JDK's
 * "shared secrets" pattern): no public signature takes an internal type.
 *
 * <p>Thread-safe: the factory is written once, during class initialization of {@code Grammar}.
 */
public final class ProgramGrammars {
    private static volatile Function<PackedGrammar, CompiledGrammar> factory;

    private ProgramGrammars() {
    }

    /**
     * Called once by the API package.
     *
     * @throws IllegalStateException if a factory is already installed
     */
    public static void installFactory(Function<PackedGrammar, CompiledGrammar> f) {
        Objects.requireNonNull(f, "f");
        synchronized (ProgramGrammars.class) {
            if (factory != null) {
                throw new IllegalStateException("the CompiledGrammar factory was already installed");
            }
            factory = f;
        }
    }

    /**
     * Compiles {@code ast} from its rule {@code start}. Its warnings leave out the lint of the rules
     * as written ({@link #lint}): the program's users did not write them.
     *
     * @param warnings the builder's own warnings, reported with the grammar's
     * @throws io.github.kbnf4j.grammar.GrammarException with every error found
     */
    public static CompiledGrammar compile(GrammarAst ast, String start, GrammarOptions options,
            List<Diagnostic> warnings) {
        PackedGrammar p = GrammarCompiler.compile(ast, start, options, warnings);
        return factory().apply(p);
    }

    /**
     * The warnings {@link #compile} leaves out, about the rules as the program wrote them: rules the
     * start rule never reaches, rules that make the grammar ambiguous in a costly way. For the
     * program's tests.
     */
    public static List<Diagnostic> lint(GrammarAst ast, String start, GrammarOptions options) {
        return GrammarCompiler.lint(ast, start, options);
    }

    private static Function<PackedGrammar, CompiledGrammar> factory() {
        Function<PackedGrammar, CompiledGrammar> f = factory;
        if (f == null) {
            try {
                // Initializing Grammar installs the factory.
                Class.forName("io.github.kbnf4j.grammar.Grammar", true, ProgramGrammars.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            f = factory;
        }
        return f;
    }
}
