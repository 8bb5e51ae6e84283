package io.github.kbnf4j.testdata;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of random token lists (id {@code i} has the bytes of element {@code i}), for
 * building random vocabularies in the tests of the modules that have a {@code Vocabulary} (this
 * module cannot depend on them): {@code Vocabulary.of("random", list, eos, specials)}.
 *
 * <p>Tokens are built from pieces that match the alphabet of {@link RandomGrammars} and of the
 * example grammars (ASCII letters, digits, JSON punctuation, white space, {@code é} {@code 日}
 * {@code 😀}), so that masks over random grammars are neither empty nor everything. Lists contain
 * on purpose: single bytes, multi-byte characters, partial UTF-8 sequences (a lead byte alone, a
 * continuation byte alone, the first two bytes of a three-byte character, a token that ends inside
 * a character and one that starts inside it), arbitrary bytes (including {@code 0x00} and
 * {@code 0xFF}), and duplicates (several ids with the same bytes). Every element is non-empty;
 * {@link #withGaps} adds null elements (ids without bytes).
 *
 * <p>Thread-safety: stateless.
 */
public final class RandomVocabularies {
    /** The pieces tokens are concatenated from. */
    static final List<byte[]> PIECES;

    static {
        List<byte[]> p = new ArrayList<>();
        for (String s : List.of("a", "b", "c", "x", "ab", "ba", "aa", "0", "1", "9", "-", ".", " ", "\n", "\t",
                "{", "}", "[", "]", "\"", ",", ":", "\\", "true", "false", "null", "é", "日", "😀", "=", ";", "(", ")",
                "+", "*")) {
            p.add(s.getBytes(StandardCharsets.UTF_8));
        }
        // partial UTF-8: a lead byte alone, continuation bytes alone, 2 of 3, 3 of 4, 2 of 4
        p.add(new byte[] {(byte) 0xC3});
        p.add(new byte[] {(byte) 0xA9});
        p.add(new byte[] {(byte) 0xE6, (byte) 0x97});
        p.add(new byte[] {(byte) 0xA5});
        p.add(new byte[] {(byte) 0xF0, (byte) 0x9F, (byte) 0x98});
        p.add(new byte[] {(byte) 0x98, (byte) 0x80});
        p.add(new byte[] {(byte) 0xF0, (byte) 0x9F});
        PIECES = Collections.unmodifiableList(p);
    }

    private RandomVocabularies() {
    }

    /** One random non-empty token. */
    public static Arbitrary<byte[]> tokens() {
        Arbitrary<byte[]> fromPieces = Arbitraries.of(PIECES).list().ofMinSize(1).ofMaxSize(4).map(RandomVocabularies::concat);
        Arbitrary<byte[]> singleByte = Arbitraries.integers().between(0, 255).map(b -> new byte[] {(byte) (int) b});
        Arbitrary<byte[]> anyBytes = Arbitraries.integers().between(0, 255).list().ofMinSize(1).ofMaxSize(6)
                .map(RandomVocabularies::toBytes);
        return Arbitraries.frequencyOf(Tuple.of(6, fromPieces), Tuple.of(2, singleByte), Tuple.of(1, anyBytes));
    }

    /**
     * Random token lists of {@code minSize..maxSize} elements (before duplicates are added: up to
     * a quarter more elements, each a copy of an earlier one).
     */
    public static Arbitrary<List<byte[]>> tokenLists(int minSize, int maxSize) {
        if (minSize < 1 || maxSize < minSize) {
            throw new IllegalArgumentException("need 1 <= minSize <= maxSize, got " + minSize + ", " + maxSize);
        }
        Arbitrary<List<byte[]>> base = tokens().list().ofMinSize(minSize).ofMaxSize(maxSize);
        Arbitrary<List<Integer>> copies = Arbitraries.integers().between(0, Integer.MAX_VALUE).list()
                .ofMaxSize(Math.max(1, maxSize / 4));
        return Combinators.combine(base, copies).as((list, picks) -> {
            List<byte[]> out = new ArrayList<>(list);
            for (int pick : picks) {
                // insert a copy of an existing element at a position derived from the same number
                byte[] copy = out.get(pick % out.size()).clone();
                out.add((pick / 7) % (out.size() + 1), copy);
            }
            return out;
        });
    }

    /**
     * Like {@link #tokenLists}, and the 256 single bytes are always present (at random ids among
     * the others): any byte string can be spelled with such a vocabulary, as with real byte-level
     * and byte-fallback vocabularies.
     */
    public static Arbitrary<List<byte[]>> tokenListsWithAllBytes(int maxExtra) {
        Arbitrary<List<byte[]>> extra = maxExtra < 1 ? Arbitraries.just(List.of()) : tokenLists(1, maxExtra);
        return Combinators.combine(extra, Arbitraries.shuffle(allSingleBytes())).as((others, bytes) -> {
            List<byte[]> out = new ArrayList<>(bytes);
            int i = 0;
            for (byte[] t : others) {
                out.add((i++ * 37) % (out.size() + 1), t);
            }
            return out;
        });
    }

    /** The lists of {@code lists} with about one element in ten replaced by null (an id without bytes). */
    public static Arbitrary<List<byte[]>> withGaps(Arbitrary<List<byte[]>> lists) {
        return Combinators.combine(lists, Arbitraries.randoms()).as((list, random) -> {
            List<byte[]> out = new ArrayList<>(list);
            for (int i = 0; i < out.size(); i++) {
                if (random.nextInt(10) == 0) {
                    out.set(i, null);
                }
            }
            return out;
        });
    }

    /** The 256 one-byte tokens {@code 0x00..0xFF}, in order. */
    public static List<byte[]> allSingleBytes() {
        List<byte[]> out = new ArrayList<>(256);
        for (int b = 0; b < 256; b++) {
            out.add(new byte[] {(byte) b});
        }
        return out;
    }

    private static byte[] concat(List<byte[]> parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int k = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, k, p.length);
            k += p.length;
        }
        return out;
    }

    private static byte[] toBytes(List<Integer> values) {
        byte[] out = new byte[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (int) values.get(i);
        }
        return out;
    }
}
