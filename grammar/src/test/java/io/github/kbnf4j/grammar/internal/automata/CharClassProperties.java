package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random character classes (ranges, negation, multi-byte) against java.util.regex. */
class CharClassProperties {
    /** Code points at UTF-8 and UTF-16 boundaries, plus a few ordinary ones. */
    static final int[] EDGES = {0x0, 0x9, 0xA, 0x20, 0x41, 0x5A, 0x61, 0x7A, 0x7E, 0x7F, 0x80, 0xBF, 0xC0, 0xE9, 0x7FF,
        0x800, 0xFFF, 0x1000, 0x20AC, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x103FF, 0x10400, 0x1F600, 0x3FFFF,
        0x40000, 0xFFFFF, 0x100000, 0x10FFFE, 0x10FFFF};

    record Cls(boolean negated, List<int[]> ranges) {
        String ours() {
            StringBuilder sb = new StringBuilder(negated ? "[^" : "[");
            for (int[] r : ranges) {
                sb.append(String.format("\\u{%X}-\\u{%X}", r[0], r[1]));
            }
            return sb.append("]*").toString();
        }
    }

    @Provide
    Arbitrary<Integer> codePoint() {
        Arbitrary<Integer> edge = Arbitraries.of(java.util.Arrays.stream(EDGES).boxed().toList());
        Arbitrary<Integer> near = edge.flatMap(e -> Arbitraries.integers().between(-2, 2).map(d -> e + d));
        Arbitrary<Integer> any = Arbitraries.integers().between(0, 0x10FFFF);
        return Arbitraries.oneOf(edge, near, any).filter(c -> c >= 0 && c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF));
    }

    @Provide
    Arbitrary<Cls> classes() {
        Arbitrary<int[]> range = Combinators.combine(codePoint(), codePoint())
            .as((a, b) -> new int[] {Math.min(a, b), Math.max(a, b)});
        return Combinators.combine(Arbitraries.of(true, false), range.list().ofMinSize(1).ofMaxSize(4)).as(Cls::new);
    }

    @Property(tries = 300)
    void classMatchesLikeJava(@ForAll("classes") Cls cls,
            @ForAll("strings") List<List<Integer>> inputs) {
        String ours = cls.ours();
        ByteDfa dfa = Regexes.compile(ours, 10, 10000);
        Pattern java = Pattern.compile(TestSupport.toJava(ours));
        for (List<Integer> cps : inputs) {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            // Include the range bounds themselves, which random code points rarely hit.
            for (int[] r : cls.ranges()) {
                sb.appendCodePoint(r[cps.size() % 2]);
            }
            String s = sb.toString();
            for (String t : List.of(s, s.isEmpty() ? s : s.substring(0, s.offsetByCodePoints(0, 1)))) {
                assertEquals(java.matcher(t).matches(), dfa.matches(TestSupport.utf8(t)),
                    () -> ours + " on " + RegexDifferentialTest.escape(t));
            }
        }
    }

    @Provide
    Arbitrary<List<List<Integer>>> strings() {
        return codePoint().list().ofMaxSize(4).list().ofMinSize(1).ofMaxSize(8);
    }
}
