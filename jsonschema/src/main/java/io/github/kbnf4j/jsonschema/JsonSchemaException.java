package io.github.kbnf4j.jsonschema;

/**
 * A schema that kbnf4j cannot compile exactly: invalid, or using a keyword or combination that is
 * not supported, or over a compile budget. The message starts with the schema's source name and the
 * JSON pointer of the keyword at fault, e.g.
 * {@code person.json#/properties/tags/uniqueItems: uniqueItems over items of open type is not supported}.
 */
public final class JsonSchemaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String pointer;
    private final String reason;

    /**
     * @param source the schema's source name (file name, or {@code schema.json})
     * @param pointer the JSON pointer of the keyword at fault ({@code ""} is the whole document)
     * @param reason what is wrong, without the location
     */
    public JsonSchemaException(String source, String pointer, String reason) {
        super(source + "#" + pointer + ": " + reason);
        this.source = source;
        this.pointer = pointer;
        this.reason = reason;
    }

    /** The schema's source name. */
    public String source() {
        return source;
    }

    /** The JSON pointer of the keyword at fault, within its document ({@code ""}: the root). */
    public String pointer() {
        return pointer;
    }

    /** What is wrong, without the location: the text that refusal statistics group by. */
    public String reason() {
        return reason;
    }
}
