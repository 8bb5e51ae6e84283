package io.github.kbnf4j.jqwik.internal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8: sentences become {@code String}s only when their bytes are valid UTF-8. */
public final class Utf8 {
    private Utf8() {
    }

    /** Whether {@code bytes} are valid UTF-8 (no malformed sequence, surrogate or overlong form). */
    public static boolean isValid(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** {@code bytes}, valid UTF-8, as a {@code String}. */
    public static String decode(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
