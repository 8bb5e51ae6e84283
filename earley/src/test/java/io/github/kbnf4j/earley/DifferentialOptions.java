package io.github.kbnf4j.earley;

/**
 * The recognizer limits of the differential tests on random grammars. Random grammars include
 * highly ambiguous ones (a rule of two adjacent self-references, nested nullable repetitions),
 * whose work per byte grows with the input and may meet the default
 * {@link RecognizerOptions#maxWorkPerByte()} on a few dozen bytes; those tests check answers,
 * not limits ({@link WorkBudgetTest} checks the limit), so the work budget is lifted.
 */
final class DifferentialOptions {
    static final RecognizerOptions RECOGNIZER = RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE);

    private DifferentialOptions() {
    }
}
