package io.github.kbnf4j.jsonschema;

import java.util.Optional;

/**
 * The JSON Schema drafts kbnf4j reads. A schema chooses its draft with {@code $schema}; without it
 * the default of {@link JsonSchemaOptions#defaultDraft()} applies (2020-12 unless set).
 */
public enum SchemaDraft {
    DRAFT_4("http://json-schema.org/draft-04/schema"),
    DRAFT_6("http://json-schema.org/draft-06/schema"),
    DRAFT_7("http://json-schema.org/draft-07/schema"),
    DRAFT_2019_09("https://json-schema.org/draft/2019-09/schema"),
    DRAFT_2020_12("https://json-schema.org/draft/2020-12/schema");

    private final String metaSchema;

    SchemaDraft(String metaSchema) {
        this.metaSchema = metaSchema;
    }

    /** The meta-schema URI that names this draft in {@code $schema}. */
    public String metaSchema() {
        return metaSchema;
    }

    /**
     * The draft a {@code $schema} value names: http or https, with or without a trailing {@code #}
     * (empty for an unknown meta-schema).
     */
    public static Optional<SchemaDraft> forMetaSchema(String uri) {
        String u = uri.strip();
        if (u.endsWith("#")) {
            u = u.substring(0, u.length() - 1);
        }
        u = u.replaceFirst("^https?://", "");
        for (SchemaDraft d : values()) {
            if (d.metaSchema.replaceFirst("^https?://", "").equals(u)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** Whether this draft is at least {@code other}. */
    public boolean atLeast(SchemaDraft other) {
        return compareTo(other) >= 0;
    }
}
