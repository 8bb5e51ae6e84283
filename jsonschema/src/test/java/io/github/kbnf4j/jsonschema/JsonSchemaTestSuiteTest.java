package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The official JSON-Schema-Test-Suite (required tests of drafts 2020-12, 7 and 4), scored as
 * {@link SuiteScore} describes. Zero invalid instances may be accepted by a schema that compiled;
 * the pass counts must not fall below what this implementation reached (the README's table).
 * Skipped when the shared data folder is absent.
 */
class JsonSchemaTestSuiteTest {
    private static Path suite() {
        Path dir = SharedFiles.locate("shared/suites/json-schema-test-suite", JsonSchemaTestSuiteTest.class);
        assumeTrue(dir != null, "../shared/suites/json-schema-test-suite is not here");
        return dir;
    }

    private static SuiteScore run(String file, SchemaDraft draft) throws IOException {
        Path dir = suite();
        SuiteScore score = SuiteScore.score(dir.resolve(file), draft, SuiteScore.remotes(dir), true);
        Path out = Path.of("target", "suite-" + file.replace(".jsonl", ".txt"));
        Files.createDirectories(out.getParent());
        StringBuilder text = new StringBuilder(score.report());
        text.append("\nrefusal reasons:\n");
        score.refusalReasons.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> text.append(String.format("%5d  %s%n", e.getValue(), e.getKey())));
        text.append("\ninvalid instances accepted:\n");
        score.falsePositives.forEach(f -> text.append("  ").append(f).append('\n'));
        text.append("\nvalid instances rejected:\n");
        score.falseNegatives.forEach(f -> text.append("  ").append(f).append('\n'));
        Files.writeString(out, text);
        return score;
    }

    /** Each suite file, its draft, and the pass count this implementation reached (the README's table). */
    @ParameterizedTest
    @CsvSource({"draft2020-12.jsonl, DRAFT_2020_12, 1062", "draft7.jsonl, DRAFT_7, 819", "draft4.jsonl, DRAFT_4, 537"})
    void noInvalidInstanceIsAcceptedAndThePassCountHolds(String file, SchemaDraft draft, int reached)
            throws IOException {
        SuiteScore score = run(file, draft);
        assertEquals(0, score.total().acceptedInvalid, () -> "invalid instances accepted:\n"
                + String.join("\n", score.falsePositives));
        assertTrue(score.total().passed >= reached, score::report);
    }
}
