package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Statistics, not a check: how many {@code pattern} values and {@code patternProperties} keys of
 * the MaskBench schemas ({@code shared/corpus/maskbench-schemas/*.jsonl}) translate and compile
 * ({@code maxRepetition} 10000, {@code maxStates} 20000), and why the others do not. The name
 * keeps it out of {@code mvn verify} (surefire runs *Test, *Tests, *Properties); run it with
 * {@code mvn -pl jsonschema test -Dtest=EcmaPatternCorpusReport}.
 */
class EcmaPatternCorpusReport {
    @Test
    void report() throws IOException {
        Path dir = SharedFiles.locate("shared/corpus/maskbench-schemas", EcmaPatternCorpusReport.class);
        assumeTrue(dir != null, "shared/corpus is not present");
        ObjectMapper mapper = new ObjectMapper();
        List<String> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
                try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        EcmaPatternSuiteTest.collect(mapper.readTree(line).path("schema"), all);
                    }
                }
            }
        }
        Set<String> unique = new LinkedHashSet<>(all);
        Map<String, Integer> reasons = new TreeMap<>();
        Map<String, String> examples = new TreeMap<>();
        int ok = 0;
        int any = 0;
        int none = 0;
        int invalid = 0;
        long start = System.nanoTime();
        for (String p : unique) {
            String reason;
            try {
                String regex = EcmaPattern.toRegex(p);
                any += regex.equals(EcmaPattern.ANY_STRING) ? 1 : 0;
                if (regex.equals(EcmaPattern.NO_STRING)) {
                    none++;
                    System.out.println("matches no string: " + p);
                }
                Regexes.compile(regex, 10000, 20000);
                ok++;
                continue;
            } catch (EcmaPatternException e) {
                invalid += e.invalid() ? 1 : 0;
                reason = (e.invalid() ? "invalid: " : "refused: ") + e.description().replaceAll("'[^']*'", "'…'");
            } catch (TooManyStatesException e) {
                reason = "compile: DFA over 20000 states";
            } catch (RuntimeException e) {
                reason = "compile: " + e.getMessage().replaceAll("[0-9]+", "N").replaceAll("'[^']*'", "'…'");
            }
            reasons.merge(reason, 1, Integer::sum);
            examples.putIfAbsent(reason, p);
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("MaskBench patterns: %d occurrences, %d distinct; %d translate and compile (%d match "
            + "every string, %d none), %d fail (%d invalid ECMA-262) in %d ms%n", all.size(), unique.size(), ok, any,
            none, unique.size() - ok, invalid, ms);
        reasons.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
            .forEach(e -> System.out.printf("%5d  %s   e.g. %s%n", e.getValue(), e.getKey(),
                shorten(examples.get(e.getKey()))));
    }

    private static String shorten(String s) {
        return s.length() <= 100 ? s : s.substring(0, 60) + "…" + s.substring(s.length() - 30);
    }
}
