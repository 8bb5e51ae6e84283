package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Formats} against the official JSON-Schema-Test-Suite's format tests (draft 2020-12):
 * no invalid string may be accepted (soundness), and every valid string that a documented subset
 * does not exclude must be accepted. Skips when the shared folder is absent.
 */
class FormatsSuiteTest {
    private static final String SUITE = "shared/suites/json-schema-test-suite/draft2020-12.jsonl";

    /**
     * Whether a documented subset leaves out this valid string: Punycode A-labels (their validity
     * is not regular in a useful size) and, for the idn- formats, every non-ASCII name.
     */
    static boolean knownMiss(String format, String data) {
        boolean punycode = data.toLowerCase(java.util.Locale.ROOT).matches("(.*\\.)?xn--.*");
        boolean nonAscii = !data.chars().allMatch(c -> c < 0x80);
        switch (format) {
            case "hostname":
                return punycode;
            case "idn-hostname":
                return punycode || nonAscii;
            case "idn-email":
                return nonAscii;
            default:
                return false;
        }
    }

    private static final Map<String, ByteDfa> DFAS = new HashMap<>();
    private static List<JsonNode> groups;

    @BeforeAll
    static void load() throws IOException {
        Path suite = SharedFiles.locate(SUITE, FormatsSuiteTest.class);
        if (suite == null) {
            return;
        }
        ObjectMapper mapper = new ObjectMapper();
        groups = new ArrayList<>();
        for (String line : Files.readAllLines(suite, StandardCharsets.UTF_8)) {
            JsonNode group = mapper.readTree(line);
            if (group.path("file").asText().startsWith("optional/format/") && group.path("schema").has("format")) {
                groups.add(group);
            }
        }
    }

    static ByteDfa dfa(String format) {
        return DFAS.computeIfAbsent(format, f -> Regexes.compile(Formats.regex(f).orElseThrow(), 10_000, 20_000));
    }

    /** Per format: {valid accepted, valid, invalid accepted, invalid}. */
    @Test
    void suite() {
        assumeTrue(groups != null, "the shared folder with the JSON-Schema-Test-Suite is absent");
        Map<String, int[]> counts = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (JsonNode group : groups) {
            String format = group.path("schema").path("format").asText();
            if (Formats.regex(format).isEmpty()) {
                continue;
            }
            for (JsonNode test : group.path("tests")) {
                if (!test.path("data").isTextual()) {
                    continue; // non-strings pass any format; that is the translator's business
                }
                String data = test.path("data").asText();
                boolean valid = test.path("valid").asBoolean();
                boolean accepted = dfa(format).matches(data.getBytes(StandardCharsets.UTF_8));
                int[] c = counts.computeIfAbsent(format, f -> new int[4]);
                c[valid ? 1 : 3]++;
                if (accepted) {
                    c[valid ? 0 : 2]++;
                }
                boolean expected = valid && !knownMiss(format, data);
                if (accepted != expected) {
                    failures.add(format + ": " + (accepted ? "accepts " : "rejects ") + (valid ? "valid " : "INVALID ")
                        + mapperless(data) + " (" + test.path("description").asText() + ")");
                }
            }
        }
        counts.forEach((format, c) -> System.out.printf("format %-22s valid accepted %3d/%-3d  invalid accepted %d/%d  "
            + "(%d DFA states)%n", format, c[0], c[1], c[2], c[3], dfa(format).stateCount()));
        assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
        assertTrue(counts.keySet().containsAll(List.of("date-time", "date", "time", "duration", "email", "hostname",
            "ipv4", "ipv6", "uri", "uri-reference", "iri", "uuid", "uri-template", "json-pointer",
            "relative-json-pointer")), counts::toString);
    }

    private static String mapperless(String s) {
        StringBuilder sb = new StringBuilder("\"");
        s.codePoints().forEach(cp -> sb.append(cp >= 0x20 && cp < 0x7F ? Character.toString(cp)
            : String.format("\\u{%X}", cp)));
        return sb.append('"').toString();
    }

    @Test
    void everyKnownFormatCompilesWithinTheDefaultLimits() {
        for (String format : Formats.names()) {
            ByteDfa d = dfa(format);
            assertTrue(d.stateCount() < 1000, () -> format + ": " + d.stateCount() + " states");
        }
        assertEquals(Formats.names().size(), Set.copyOf(Formats.names()).size());
        assertTrue(Formats.regex("regex").isEmpty());
        assertTrue(Formats.regex("Date").isEmpty());
        assertTrue(Formats.regex("unknown-format").isEmpty());
    }
}
