package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.runtime.internal.PackedTokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VocabularyTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** 0 "a", 1 null, 2 "bc", 3 "" (empty), 4 "a" (duplicate of 0), 5 "</s>" declared special, 6 "x" EOS. */
    private static Vocabulary sample() {
        return Vocabulary.of("sample", Arrays.asList(b("a"), null, b("bc"), new byte[0], b("a"), b("</s>"), b("x")),
                new int[] {6}, new int[] {5});
    }

    @Test
    void theTableCacheBoundIsKeptByCopiesAndBoundedByTheHeap() {
        Vocabulary v = Vocabulary.of("t", List.of(bytes("a"), bytes("b"), bytes("c")), new int[] {2}, null);
        assertEquals(Vocabulary.DEFAULT_TABLE_CACHE_BYTES, v.tableCacheBytes());
        assertTrue(v.tableCacheBytes() <= 256L << 20 && v.tableCacheBytes() <= Runtime.getRuntime().maxMemory() / 8);
        Vocabulary small = v.withTableCacheBytes(1000);
        assertEquals(1000, small.tableCacheBytes());
        assertEquals(1000, small.withEos(1).tableCacheBytes());
        assertEquals(1000, small.withSize(10).tableCacheBytes());
        assertEquals(0, v.withTableCacheBytes(0).tableCacheBytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> v.withTableCacheBytes(-1));
        assertTrue(e.getMessage().contains("tableCacheBytes must not be negative"), e.getMessage());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void ofKeepsBytesAndClassifiesIds() {
        Vocabulary v = sample();
        assertEquals("sample", v.name());
        assertEquals(7, v.size());
        boolean[] text = {true, false, true, false, true, false, false};
        for (int id = 0; id < 7; id++) {
            assertEquals(text[id], v.hasBytes(id), "id " + id);
        }
        assertEquals(3, v.textTokenCount());
        assertArrayEquals(b("a"), v.tokenBytes(0));
        assertArrayEquals(b("bc"), v.tokenBytes(2));
        assertArrayEquals(v.tokenBytes(0), v.tokenBytes(4)); // duplicates are kept as two ids
        assertEquals(0, v.tokenBytes(1).length); // no bytes
        assertEquals(0, v.tokenBytes(3).length); // empty counts as no bytes
        assertEquals(0, v.tokenBytes(5).length); // special: bytes hidden
        assertEquals(0, v.tokenBytes(6).length); // EOS: bytes hidden
        assertEquals(2, v.tokenLength(2));
        assertEquals(-1, v.tokenLength(1));
        assertEquals(-1, v.tokenLength(3));
        assertEquals(-1, v.tokenLength(5));
        assertTrue(v.isSpecial(5));
        assertTrue(v.isSpecial(6)); // EOS ids are implicitly special
        assertFalse(v.isSpecial(1)); // no bytes, yet not special
        assertTrue(v.isEos(6));
        assertFalse(v.isEos(5));
        assertArrayEquals(new int[] {6}, v.eosIds());
        assertArrayEquals(new int[] {5, 6}, v.specialIds());
        assertTrue(v.toString().contains("sample") && v.toString().contains("7 ids"), v.toString());
    }

    @Test
    void inputsAndOutputsAreCopies() {
        byte[] a = b("a");
        List<byte[]> tokens = new ArrayList<>(List.of(a, b("b")));
        int[] eos = {1};
        Vocabulary v = Vocabulary.of("copies", tokens, eos, null);
        a[0] = 'z';
        tokens.set(0, b("q"));
        eos[0] = 0;
        assertArrayEquals(b("a"), v.tokenBytes(0));
        assertArrayEquals(new int[] {1}, v.eosIds());
        v.tokenBytes(0)[0] = 'z';
        v.eosIds()[0] = 0;
        assertArrayEquals(b("a"), v.tokenBytes(0));
        assertArrayEquals(new int[] {1}, v.eosIds());
    }

    @Test
    void idsOutOfRangeAreRefusedWithIdAndSize() {
        Vocabulary v = sample();
        List<IntConsumer> calls = List.of(v::tokenBytes, v::hasBytes, v::tokenLength, v::isSpecial, v::isEos);
        for (IntConsumer call : calls) {
            for (int id : new int[] {-1, 7, Integer.MAX_VALUE}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(id));
                assertTrue(e.getMessage().contains(Integer.toString(id)) && e.getMessage().contains("7 ids"),
                        e.getMessage());
            }
        }
    }

    @Test
    void ofValidatesEosAndSpecialIds() {
        List<byte[]> two = List.of(b("a"), b("b"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Vocabulary.of("v", two, new int[] {2}, null));
        assertTrue(e.getMessage().contains("EOS id 2") && e.getMessage().contains("2 ids"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Vocabulary.of("v", two, null, new int[] {-3}));
        assertTrue(e.getMessage().contains("special id -3"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Vocabulary.of(null, two, null, null));
        assertThrows(NullPointerException.class, () -> Vocabulary.of("v", null, null, null));
        // duplicates in the id arrays are harmless
        Vocabulary v = Vocabulary.of("v", two, new int[] {1, 1}, new int[] {0, 0});
        assertArrayEquals(new int[] {1}, v.eosIds());
        assertArrayEquals(new int[] {0, 1}, v.specialIds());
    }

    @Test
    void emptyVocabulary() {
        Vocabulary v = Vocabulary.of("empty", List.of(), null, null);
        assertEquals(0, v.size());
        assertEquals(0, v.textTokenCount());
        assertEquals(0, v.eosIds().length);
        assertEquals(0, v.packed().sortedTextIds().length);
        assertThrows(IllegalArgumentException.class, () -> v.tokenBytes(0));
    }

    @Test
    void withEosReplacesTheEosIds() {
        Vocabulary v = sample();
        Vocabulary w = v.withEos(2, 0, 2);
        assertArrayEquals(new int[] {0, 2}, w.eosIds());
        assertFalse(w.hasBytes(0)); // an EOS id is never text
        assertFalse(w.hasBytes(2));
        assertTrue(w.hasBytes(6)); // no longer EOS: text again
        assertArrayEquals(b("x"), w.tokenBytes(6));
        assertTrue(w.isSpecial(5)); // declared special stays special
        assertArrayEquals(new int[] {0, 2, 5}, w.specialIds());
        assertEquals("sample", w.name());
        // the original is unchanged
        assertArrayEquals(new int[] {6}, v.eosIds());
        assertTrue(v.hasBytes(0));
        assertEquals(0, v.withEos().eosIds().length);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> v.withEos(7));
        assertTrue(e.getMessage().contains("EOS id 7"), e.getMessage());
    }

    @Test
    void withSizeAddsIdsWithoutBytes() {
        Vocabulary v = sample();
        assertSame(v, v.withSize(7));
        Vocabulary w = v.withSize(130);
        assertEquals(130, w.size());
        assertEquals(3, w.textTokenCount());
        for (int id = 7; id < 130; id++) {
            assertFalse(w.hasBytes(id));
            assertFalse(w.isSpecial(id));
        }
        assertArrayEquals(b("bc"), w.tokenBytes(2));
        assertArrayEquals(new int[] {6}, w.eosIds());
        assertArrayEquals(new int[] {5, 6}, w.specialIds());
        assertArrayEquals(new int[] {129}, w.withEos(129).eosIds());
        assertThrows(IllegalArgumentException.class, () -> v.withSize(6));
    }

    @Test
    void packedViewMatchesTheApi() {
        Vocabulary v = Vocabulary.of("p", Arrays.asList(b("b"), b("ab"), new byte[] {(byte) 0xFF}, null, b("a"), b("ab"),
                b("a"), b("</s>")), new int[] {7}, null);
        PackedTokens p = v.packed();
        assertSame(p, v.packed());
        assertEquals(v.size(), p.size());
        assertEquals(6, p.textCount());
        assertEquals(2, p.maxLength());
        for (int id = 0; id < v.size(); id++) {
            assertEquals(v.tokenLength(id), p.length(id));
            assertEquals(v.hasBytes(id), p.hasBytes(id));
            assertArrayEquals(v.tokenBytes(id), p.copyOf(id));
            for (int i = 0; i < p.length(id); i++) {
                assertEquals(v.tokenBytes(id)[i], p.byteAt(id, i));
                assertEquals(p.byteAt(id, i), p.flatByte(p.offset(id) + i));
            }
        }
        byte[] dst = new byte[4];
        assertEquals(2, p.copyTo(1, dst, 1));
        assertArrayEquals(new byte[] {0, 'a', 'b', 0}, dst);
        assertEquals(0, p.copyTo(3, dst, 0));
        // unsigned order, proper prefixes first, equal bytes by id
        assertArrayEquals(new int[] {4, 6, 1, 5, 0, 2}, p.sortedTextIds());
        assertTrue(p.compare(2, 0) > 0);
        assertEquals(0, p.compare(1, 5));
    }

    @Test
    void loadAcceptsJtokkitNamesAndPaths(@TempDir Path dir) throws IOException {
        assertSame(Vocabulary.jtokkit("cl100k"), Vocabulary.load("cl100k"));
        assertSame(Vocabulary.jtokkit("cl100k"), Vocabulary.load("cl100k_base"));
        NoSuchFileException missing = assertThrows(NoSuchFileException.class,
                () -> Vocabulary.load(dir.resolve("nope.json").toString()));
        assertTrue(missing.getMessage().contains("nope.json") && missing.getMessage().contains("cl100k"),
                missing.getMessage());

        Path folder = Files.createDirectory(dir.resolve("model"));
        Files.writeString(folder.resolve("tokenizer.json"), TokenizerJsonLoaderTest.byteLevel(
                "{\"a\": 0, \"Ġb\": 1}", "[{\"id\": 2, \"content\": \"<|endoftext|>\", \"special\": true}]"));
        Vocabulary fromFolder = Vocabulary.load(folder.toString());
        assertEquals(3, fromFolder.size());
        assertArrayEquals(b(" b"), fromFolder.tokenBytes(1));
        assertArrayEquals(new int[] {2}, fromFolder.eosIds());
        Vocabulary fromFile = Vocabulary.load(folder.resolve("tokenizer.json").toString());
        assertArrayEquals(b(" b"), fromFile.tokenBytes(1));

        Path tiktoken = dir.resolve("mine.tiktoken");
        Files.writeString(tiktoken, "YQ== 0\nYg== 1\n");
        Vocabulary t = Vocabulary.load(tiktoken.toString());
        assertEquals(2, t.size());
        assertEquals(0, t.eosIds().length); // no specials known for an unknown file name
    }
}
