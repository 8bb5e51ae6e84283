/**
 * Jlama as a kbnf4j {@link io.github.kbnf4j.decode.LanguageModel}: {@link
 * io.github.kbnf4j.jlama.JlamaLanguageModel} loads a Hugging Face model directory ({@code
 * config.json}, {@code tokenizer.json}, {@code *.safetensors}) with Jlama and steps it one token at
 * a time over a KV cache, so that kbnf4j's decoder can mask every step's logits; {@link
 * io.github.kbnf4j.jlama.JlamaProvider} makes it a {@link java.util.ServiceLoader} service (named
 * {@code jlama}) for the command line's {@code run}.
 *
 * <p>Requirements: JDK 21 or newer (Jlama's class files are Java 20) and, at run time, the
 * incubating Vector API: {@code java --add-modules jdk.incubator.vector ...}.
 *
 * <p>This module is not a named JPMS module: Jlama's jar has no module name of its own, so a
 * {@code requires} on it would depend on the jar's file name. It is used from the class path (the
 * service is registered in {@code META-INF/services}).
 */
package io.github.kbnf4j.jlama;
