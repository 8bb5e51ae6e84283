package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.PrintWriter;

/**
 * The {@link Constraint} a token-level command works on, from its grammar, recognizer-limit and
 * vocabulary options, in the order every such command reports problems: the grammar, then the
 * limits, then the vocabulary, then building the constraint.
 */
final class ConstraintLoader {
    private ConstraintLoader() {
    }

    /**
     * The constraint, or null after the problem was described on {@code err} as
     * {@code kbnf4j COMMAND: ...} (the caller exits with {@link Main#EXIT_GRAMMAR_ERROR}).
     *
     * @param requireEos whether the vocabulary must have an end-of-sequence id
     */
    static Constraint loadReporting(GrammarArguments grammar, RecognizerArguments limits,
            VocabularyArguments vocabulary, PrintWriter err, String command, boolean requireEos) {
        CompiledGrammar g = grammar.compileReporting(err, command, true);
        if (g == null) {
            return null;
        }
        RecognizerOptions options = limits.optionsReporting(err, command);
        if (options == null) {
            return null;
        }
        Vocabulary v = vocabulary.loadReporting(err, command, requireEos);
        if (v == null) {
            return null;
        }
        try {
            return Constraint.of(g, v, ConstraintOptions.DEFAULT.withRecognizer(options)
                    .withMaxWorkPerMask(limits.maxWorkPerMask));
        } catch (RecognizerLimitException e) {
            err.println("kbnf4j " + command + ": recognizer limit: " + RecognizerArguments.describe(e));
            return null;
        }
    }
}
