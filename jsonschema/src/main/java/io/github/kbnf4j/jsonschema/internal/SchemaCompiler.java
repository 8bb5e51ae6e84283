package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.jsonschema.AutomatonCacheStats;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;

/**
 * The translation of one schema: index its documents ({@link SchemaRegistry}), read shapes
 * ({@link ShapeReader}) and write rules ({@link GrammarBuilder}). The automata come from the
 * process-wide {@link AutomatonCache} (see {@link Languages}); everything else is per call.
 */
public final class SchemaCompiler {
    private SchemaCompiler() {
    }

    /**
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException if the schema is refused
     */
    public static SchemaGrammar translate(String source, JsonNode schema, JsonSchemaOptions options) {
        return translate(source, schema, options, AutomatonCache.shared());
    }

    /** What the process-wide automaton cache ({@link AutomatonCache#shared()}) has done so far. */
    public static AutomatonCacheStats automatonCacheStats() {
        AutomatonCache cache = AutomatonCache.shared();
        CacheStats s = cache.stats();
        return new AutomatonCacheStats(s.hitCount(), s.missCount(), s.evictionCount(), cache.weightedBytes(),
                cache.maximumBytes());
    }

    /** {@link #translate(String, JsonNode, JsonSchemaOptions)} with the automata of {@code automata}. */
    static SchemaGrammar translate(String source, JsonNode schema, JsonSchemaOptions options,
            AutomatonCache automata) {
        Refusals refusals = new Refusals(source, options.lenient());
        SchemaRegistry registry = new SchemaRegistry(source, schema, options.defaultDraft(), options.remoteSchemas());
        Languages lang = new Languages(source, options.grammarOptions().maxDfaStates(),
                options.grammarOptions().maxRepetition(), automata);
        ShapeReader reader = new ShapeReader(registry, lang, refusals, options.formats(), options.maxRules());
        GrammarBuilder builder = new GrammarBuilder(reader, lang, refusals, options);
        GrammarAst ast = builder.build(registry.root());
        return new SchemaGrammar(ast, GrammarBuilder.START, refusals.warnings());
    }
}
