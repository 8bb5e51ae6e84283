package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Pass 3: consecutive literal terminals in an alternative become one literal
 * ({@code "a" "b"} is {@code "ab"}), so the recognizer runs one chain automaton instead of
 * completing and predicting between them. Regex terminals are left alone: concatenating their
 * automata could multiply their sizes.
 */
public final class MergeTerminals {
    private MergeTerminals() {
    }

    /** Applies the pass to every alternative of {@code hir}. */
    public static void apply(Hir hir) {
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            List<int[]> alts = hir.mutableAlternatives(n);
            for (int i = 0; i < alts.size(); i++) {
                alts.set(i, merge(hir, alts.get(i)));
            }
        }
    }

    private static int[] merge(Hir hir, int[] alt) {
        IntArrayList out = new IntArrayList(alt.length);
        int i = 0;
        while (i < alt.length) {
            int j = i;
            while (j < alt.length && literal(hir, alt[j]) != null) {
                j++;
            }
            if (j - i >= 2) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                for (int k = i; k < j; k++) {
                    bytes.writeBytes(literal(hir, alt[k]));
                }
                byte[] merged = bytes.toByteArray();
                out.add(hir.terminalSymbol(ByteDfa.literal(merged), merged,
                        Hir.quote(new String(merged, StandardCharsets.UTF_8))));
                i = j;
            } else {
                out.add(alt[i++]);
            }
        }
        return out.toIntArray();
    }

    private static byte[] literal(Hir hir, int symbol) {
        return Hir.isTerminal(symbol) ? hir.terminal(Hir.terminalOf(symbol)).literal() : null;
    }
}
