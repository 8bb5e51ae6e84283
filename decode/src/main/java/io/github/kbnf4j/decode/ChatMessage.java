package io.github.kbnf4j.decode;

import java.util.Objects;

/**
 * One turn of a conversation given to {@link LanguageModel#encodeConversation}.
 *
 * @param role who speaks
 * @param text what they say
 */
public record ChatMessage(Role role, String text) {

    /** Who speaks a turn. */
    public enum Role {
        /** Instructions for the assistant. */
        SYSTEM,
        /** The user. */
        USER,
        /** The model itself (earlier answers). */
        ASSISTANT
    }

    /** Checks that neither part is null. */
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
    }

    /** A system turn. */
    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, text);
    }

    /** A user turn. */
    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text);
    }
}
