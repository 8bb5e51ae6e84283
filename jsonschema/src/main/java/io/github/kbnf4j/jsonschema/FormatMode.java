package io.github.kbnf4j.jsonschema;

/**
 * What {@code format} does. Drafts 2019-09 and 2020-12 make it an annotation by default; kbnf4j
 * asserts it by default, because a constraint is what a user of constrained decoding wants from it.
 */
public enum FormatMode {
    /** A known format restricts the string to the format's syntax (an unknown one is a warning). */
    ASSERT,
    /** {@code format} is ignored: any string passes. */
    ANNOTATE
}
