package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Translated patterns against a real ECMA-262 engine: V8's {@code RegExp.prototype.test}, run in
 * one {@code node} process over random patterns with everything this class accepts (Annex B
 * braces, {@code [^]}, {@code $}, anchors in groups, {@code \c}, named groups, property escapes).
 * Skipped when {@code node} is not on the PATH. A pattern V8 accepts with the {@code u} flag is
 * tested with it (code point semantics, as this class); one it accepts only without (Annex B
 * syntax) is compared on strings without astral characters, where the modes agree.
 */
class EcmaPatternNodeTest {
    static final String[] ATOMS = {"a", "b", "0", " ", "\\n", "\\r", "\\u2028", "\\xA0", "\uD83D\uDC32",
        "\\u{1F432}", "\\uD83D\\uDC32", ".", "\\s", "\\S", "\\d", "\\D", "\\w", "\\W", "[ab]", "[^a]", "[a-z0]",
        "[^\\s]", "[\\s\\d]", "[]", "[^]", "[\\w-.]", "\\{", "{", "}", "]", "a{", "x{a}", "\\cJ", "\\0", "[\\b]",
        "[-a]", "[a-]", "[\\]]", "[[]", "\\p{Nd}", "\\P{Zs}", "\\/", "\\-", "[\\u0000-\\uFFFF]", "\\t", "\\v", "\\f",
        "[--/]", "\\."};
    static final String[] QUANTIFIERS = {"?", "*", "+", "{2}", "{0,2}", "{1,}", "*?", "{1,3}?", "??", "{0}", "{3,}"};
    static final String[] ALPHABET = {"a", "b", "0", "_", " ", "\n", "\r", "\u2028", "\u2029", "\u00A0", "\uFEFF",
        "\u0085", "{", "}", "]", "[", "-", ".", "/", "\t", "\u000B", "\b", "\u0660", "x", "\uD83D\uDC32"};

    static final String NODE_SCRIPT = String.join("\n",
        "const rl = require('readline').createInterface({input: process.stdin});",
        "const out = [];",
        "rl.on('line', line => {",
        "  const c = JSON.parse(line);",
        "  let re, u = true;",
        "  try { re = new RegExp(c.p, 'u'); } catch (e) {",
        "    u = false;",
        "    try { re = new RegExp(c.p); } catch (e2) { out.push(JSON.stringify({error: String(e2)})); return; }",
        "  }",
        "  out.push(JSON.stringify({u: u, r: c.s.map(x => re.test(x))}));",
        "});",
        "rl.on('close', () => process.stdout.write(out.join('\\n') + '\\n'));");

    static final Pattern SURROGATE_ESCAPE = Pattern.compile("\\\\u[dD][89a-fA-F]");

    private final Random rnd = new Random(20251124);
    private int names;

    @Test
    void agreesWithV8() throws IOException, InterruptedException {
        List<String> patterns = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            names = 0;
            patterns.add(alternation(2));
        }
        patterns.addAll(List.of("(^\\u2028?){2}a", "^$|(^(?:\\S+\\s+){0,2}\\S+$)", "(?:^|,)a(?:,|$)", "(a|^b)*c",
            "(^a|b$){2}", "a^b", "$^", "x{1", "a{,2}", "[^]*$", "(?<y>^.)\\n$"));
        List<List<String>> inputs = new ArrayList<>();
        ObjectMapper mapper = new ObjectMapper();
        StringBuilder request = new StringBuilder();
        for (String p : patterns) {
            List<String> strings = new ArrayList<>();
            strings.add("");
            for (int k = 0; k < 30; k++) {
                StringBuilder sb = new StringBuilder();
                for (int n = rnd.nextInt(6); n > 0; n--) {
                    sb.append(ALPHABET[rnd.nextInt(ALPHABET.length)]);
                }
                strings.add(sb.toString());
            }
            inputs.add(strings);
            ObjectNode c = mapper.createObjectNode();
            c.put("p", p);
            strings.forEach(c.putArray("s")::add);
            request.append(mapper.writeValueAsString(c)).append('\n');
        }
        List<String> answers = runNode(request.toString());
        assumeTrue(answers != null, "node is not available");
        assertEquals(patterns.size(), answers.size());
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < patterns.size(); i++) {
            String p = patterns.get(i);
            JsonNode answer = mapper.readTree(answers.get(i));
            String regex;
            try {
                regex = EcmaPattern.toRegex(p);
            } catch (EcmaPatternException e) {
                if (e.invalid() && !answer.has("error")) {
                    failures.add(p + ": refused as invalid (" + e.getMessage() + ") but V8 accepts it");
                }
                continue;
            }
            if (answer.has("error")) {
                failures.add(p + ": translated but V8 rejects it: " + answer.get("error").asText());
                continue;
            }
            boolean unicode = answer.get("u").asBoolean();
            if (!unicode && (p.contains("\\u{") || p.contains("\\p") || p.contains("\\P")
                    || SURROGATE_ESCAPE.matcher(p).find() || p.codePoints().anyMatch(cp -> cp > 0xFFFF))) {
                continue; // without the u flag these mean something else
            }
            ByteDfa dfa;
            try {
                dfa = Regexes.compile(regex, 1000, 20000);
            } catch (TooManyStatesException e) {
                continue;
            }
            for (int k = 0; k < inputs.get(i).size(); k++) {
                String s = inputs.get(i).get(k);
                if (!unicode && s.codePoints().anyMatch(cp -> cp > 0xFFFF)) {
                    continue;
                }
                compared++;
                boolean expected = answer.get("r").get(k).asBoolean();
                if (expected != dfa.matches(s.getBytes(StandardCharsets.UTF_8))) {
                    failures.add(p + " on " + EcmaPatternTest.show(s) + ": V8 says " + expected + " (regex " + regex
                        + ")");
                }
            }
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " disagreements, e.g.\n"
            + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertTrue(compared > 10000, "only " + compared + " comparisons");
    }

    /** The node script's output lines, or null if node cannot be run. */
    static List<String> runNode(String input) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder("node", "-e", NODE_SCRIPT).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        } catch (IOException e) {
            return null;
        }
        Thread writer = new Thread(() -> {
            try (OutputStream out = process.getOutputStream()) {
                out.write(input.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // node exited early: its exit code tells
            }
        });
        writer.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        writer.join();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            return null;
        }
        return output.lines().toList();
    }

    private String alternation(int depth) {
        StringBuilder sb = new StringBuilder(sequence(depth));
        while (rnd.nextInt(3) == 0) {
            sb.append('|').append(sequence(depth));
        }
        return sb.toString();
    }

    private String sequence(int depth) {
        StringBuilder sb = new StringBuilder();
        for (int n = rnd.nextInt(4); n > 0; n--) {
            int r = rnd.nextInt(10);
            if (r == 0) {
                sb.append(rnd.nextBoolean() ? "^" : "$");
                continue;
            }
            String atom = depth > 0 && r <= 2 ? group(depth - 1) : ATOMS[rnd.nextInt(ATOMS.length)];
            sb.append(atom);
            if (rnd.nextInt(3) == 0) {
                sb.append(QUANTIFIERS[rnd.nextInt(QUANTIFIERS.length)]);
            }
        }
        return sb.toString();
    }

    private String group(int depth) {
        String open = switch (rnd.nextInt(3)) {
            case 0 -> "(";
            case 1 -> "(?:";
            default -> "(?<g" + names++ + ">";
        };
        return open + alternation(depth) + ")";
    }
}
