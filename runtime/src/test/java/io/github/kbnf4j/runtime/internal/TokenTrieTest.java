package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenTrie}'s byte classes: {@link TokenTrie#isPlainByte} as documented,
 * {@link TokenTrie#textDecoder} against the JDK's strict UTF-8 decoder on every byte sequence of
 * up to three bytes that is still a prefix of text, and after those a fourth byte at each edge of
 * the continuation ranges, and the
 * per-node flags {@link TokenTrie#plainBelow(int)} and {@link TokenTrie#textBelow(int)} against
 * their definitions (decoded by the JDK) on two small tries; and the build's path stack past its
 * first size.
 */
class TokenTrieTest {

    @Test
    void plainBytesArePrintableAsciiButQuoteAndBackslash() {
        for (int b = 0; b < 256; b++) {
            boolean expected = b >= 0x20 && b <= 0x7E && b != '"' && b != '\\';
            assertEquals(expected, TokenTrie.isPlainByte(b), "byte " + b);
        }
    }

    /** -1: not a prefix of text; 0: whole text characters; 1: a proper prefix of text. */
    private static int reference(byte[] s) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(s);
        CharBuffer out = CharBuffer.allocate(16);
        CoderResult r = d.decode(in, out, false);
        if (r.isError()) {
            return -1;
        }
        out.flip();
        while (out.hasRemaining()) {
            char c = out.get();
            if (c < 0x80 && !TokenTrie.isPlainByte(c)) {
                return -1;
            }
        }
        if (!in.hasRemaining()) {
            return 0;
        }
        // a partial character: text only if some continuation completes it
        int[] tails = {0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF};
        for (int n = 1; n <= 3; n++) {
            int[] pick = new int[n];
            for (int code = 0; code < Math.pow(tails.length, n); code++) {
                byte[] t = Arrays.copyOf(s, s.length + n);
                for (int k = 0, c = code; k < n; k++, c /= tails.length) {
                    t[s.length + k] = (byte) tails[c % tails.length];
                }
                CharsetDecoder whole = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
                try {
                    whole.decode(ByteBuffer.wrap(t));
                    return 1;
                } catch (java.nio.charset.CharacterCodingException e) {
                    // try the next
                }
            }
        }
        return -1;
    }

    private static int decode(byte[] s) {
        int d = 0;
        for (byte b : s) {
            d = TokenTrie.textDecoder(d, b & 0xFF);
        }
        return d;
    }

    @Test
    void theTextDecoderAgreesWithTheJdksUtf8Decoder() {
        List<byte[]> level = new ArrayList<>();
        level.add(new byte[0]);
        int checked = 0;
        for (int length = 1; length <= 4; length++) {
            List<byte[]> next = new ArrayList<>();
            // the fourth byte from the edges of the continuation ranges and a few others
            int[] bytes = length < 4 ? java.util.stream.IntStream.range(0, 256).toArray()
                    : new int[] {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
            for (byte[] prefix : level) {
                for (int b : bytes) {
                    byte[] s = Arrays.copyOf(prefix, length);
                    s[length - 1] = (byte) b;
                    int expected = reference(s);
                    int actual = decode(s);
                    checked++;
                    assertEquals(expected, Integer.signum(actual), "state " + actual + " after " + hex(s));
                    // go on from proper prefixes, and from whole characters while short
                    if (expected == 1 || (expected == 0 && length < 2)) {
                        next.add(s);
                    }
                }
            }
            level = next;
        }
        assertTrue(checked > 50_000, checked + " sequences");
    }

    private static String hex(byte[] s) {
        StringBuilder b = new StringBuilder();
        for (byte x : s) {
            b.append(String.format("%02X ", x & 0xFF));
        }
        return b.toString().trim();
    }

    @Test
    void theSubtreeFlagsFollowTheirDefinitions() {
        String[] tokens = {"ab", "a\"", "a", "abc", "c", "cd", "cde", "\u00e9", "x\u00e9z", "y\u0001", "q\\", "qr",
            "\u20ac!", "w", "w\u00e9", "y\u0001ab"}; // the last: text bytes below a prefix that is not text
        List<byte[]> bytes = new ArrayList<>();
        for (String t : tokens) {
            bytes.add(t.getBytes(StandardCharsets.UTF_8));
        }
        byte[] cut = "\u20ac".getBytes(StandardCharsets.UTF_8);
        bytes.add(Arrays.copyOf(cut, 2)); // a token that ends inside a character
        bytes.add(new byte[] {'z', (byte) 0xFF}); // never text
        assertFlagsFollowTheirDefinitions(bytes);
    }

    /**
     * The same on tokens that all start with a lead byte, so that the trie's first node is inside
     * a character: its children are decoded from its state, not from a character boundary.
     */
    @Test
    void theSubtreeFlagsBelowALeadByteAsTheFirstNode() {
        List<byte[]> bytes = new ArrayList<>();
        for (String t : new String[] {"\u00e9", "\u00e9a", "\u00f6", "\u20ac", "\u00e9\"", "\u00f6\u20ac"}) {
            bytes.add(t.getBytes(StandardCharsets.UTF_8));
        }
        bytes.add(new byte[] {(byte) 0xC3}); // a token that ends inside a character
        assertEquals(0xC3, trieOf(bytes).nodeByte(0));
        assertFlagsFollowTheirDefinitions(bytes);
    }

    private static TokenTrie trieOf(List<byte[]> bytes) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int[] offsets = new int[bytes.size() + 1];
        int[] lengths = new int[bytes.size()];
        for (int id = 0; id < bytes.size(); id++) {
            offsets[id] = data.size();
            data.writeBytes(bytes.get(id));
            lengths[id] = bytes.get(id).length;
        }
        offsets[bytes.size()] = data.size();
        return new TokenTrie(new PackedTokens(data.toByteArray(), offsets, lengths));
    }

    private static void assertFlagsFollowTheirDefinitions(List<byte[]> bytes) {
        TokenTrie trie = trieOf(bytes);
        int n = trie.nodeCount();
        byte[][] prefix = new byte[n][];
        for (int i = 0; i < n; i++) {
            int p = trie.parent(i);
            byte[] up = p < 0 ? new byte[0] : prefix[p];
            prefix[i] = Arrays.copyOf(up, up.length + 1);
            prefix[i][up.length] = (byte) trie.nodeByte(i);
        }
        int plainSeen = 0;
        int textSeen = 0;
        for (int i = 0; i < n; i++) {
            boolean plain = true;
            boolean text = reference(prefix[i]) == 0; // the JDK's decoder, not the one under test
            for (int j = i + 1; j < trie.subtreeEnd(i); j++) {
                plain &= TokenTrie.isPlainByte(trie.nodeByte(j));
                text &= reference(prefix[j]) >= 0;
            }
            assertEquals(plain, trie.plainBelow(i), "plainBelow of '" + hex(prefix[i]) + "'");
            assertEquals(text, trie.textBelow(i), "textBelow of '" + hex(prefix[i]) + "'");
            plainSeen += plain ? 1 : 0;
            textSeen += text ? 1 : 0;
        }
        assertTrue(plainSeen > 0 && plainSeen < n && textSeen > 0 && textSeen < n, plainSeen + ", " + textSeen + " of " + n);
    }

    /**
     * Tokens longer than the 256 entries the build's path stack starts with: the stack grows, and
     * the nodes of the long tokens keep their depths, parents and subtrees.
     */
    @Test
    void tokensLongerThanThePathStackAreKeptWhole() {
        byte[] x300 = new byte[300];
        Arrays.fill(x300, (byte) 'x');
        byte[] x300y = Arrays.copyOf(x300, 301);
        x300y[300] = 'y';
        List<byte[]> bytes = List.of(x300y, "z".getBytes(StandardCharsets.UTF_8), Arrays.copyOf(x300, 10), x300);
        TokenTrie trie = trieOf(bytes);
        // preorder: the 301 nodes of "xx...xy", then "z"
        assertEquals(302, trie.nodeCount());
        assertEquals(301, trie.maxDepth());
        for (int i = 0; i < 301; i++) {
            assertEquals(i + 1, trie.depth(i));
            assertEquals(i - 1, trie.parent(i));
            assertEquals(301, trie.subtreeEnd(i), "subtree end of node " + i);
        }
        assertEquals('y', trie.nodeByte(300));
        assertEquals(-1, trie.parent(301));
        assertEquals(302, trie.subtreeEnd(301));
        int[] owners = {9, 299, 300, 301};
        int[] ids = {2, 3, 0, 1};
        for (int k = 0; k < owners.length; k++) {
            assertEquals(1, trie.tokenStart(owners[k] + 1) - trie.tokenStart(owners[k]), "tokens at node " + owners[k]);
            assertEquals(ids[k], trie.tokenId(trie.tokenStart(owners[k])));
        }
    }
}
