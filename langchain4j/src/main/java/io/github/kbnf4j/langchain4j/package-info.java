/**
 * kbnf4j for langchain4j: {@link io.github.kbnf4j.langchain4j.ConstrainedChatModel}, a
 * {@code ChatModel} over a kbnf4j {@link io.github.kbnf4j.decode.LanguageModel} whose answers
 * follow the request's JSON Schema (or a plain grammar) by construction, so that AI Services read
 * typed answers with no retry.
 */
package io.github.kbnf4j.langchain4j;
