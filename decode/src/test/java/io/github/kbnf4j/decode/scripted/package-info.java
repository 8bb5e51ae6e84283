/**
 * Scripted {@link io.github.kbnf4j.decode.LanguageModel}s for tests: no weights, logits made up
 * from the token history (so a sequence is reproducible whatever thread computes it). Shared
 * with other modules' tests through this module's test jar.
 */
package io.github.kbnf4j.decode.scripted;
