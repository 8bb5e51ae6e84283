package io.github.kbnf4j.bench;

import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Vocabulary;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to first mask of a JSON Schema on a warm JVM (the cold path of the README's "MaskBench"):
 * the schema's text compiled ({@link JsonSchemaGrammar}), joined with the vocabulary
 * ({@link Constraint#of}), and the first mask of a fresh matcher filled.
 *
 * <p>{@code keys=same}: the same schema every time, so everything the JVM shares between
 * compilations (automata, mask tables) is warm: the floor of the cold path. {@code keys=fresh}:
 * every invocation renames the schema's properties (a counter in each name), so its key automata,
 * its grammar and the tables of its key states are new, while the string, number and whitespace
 * terminals are shared: a server meeting a new schema of a familiar shape.
 *
 * <p>Schemas ({@code @Param schema}): {@code call}, a function call's arguments (BFCL-like: a few
 * typed properties, an enum, a required list); {@code record}, a nested record with formats,
 * length and number bounds, an array and additionalProperties false; {@code config}, a
 * configuration object with 24 optional properties and a patternProperties region.
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar SchemaBench -f 1 -wi 3 -i 5 -w 2s -r 2s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SchemaBench {
    /** The vocabulary: {@code cl100k} or {@code llama3}. */
    @Param({"cl100k", "llama3"})
    public String vocab;

    /** The schema: {@code call}, {@code record} or {@code config}. */
    @Param({"call", "record", "config"})
    public String schema;

    /** {@code same} (the same schema each time) or {@code fresh} (its property names new each time). */
    @Param({"same", "fresh"})
    public String keys;

    private Vocabulary vocabulary;
    private String text;
    private long counter;

    static String schema(String name) {
        switch (name) {
            case "call":
                return "{\"type\":\"object\",\"properties\":{\"KEYlocation\":{\"type\":\"string\"},"
                        + "\"KEYunit\":{\"type\":\"string\",\"enum\":[\"celsius\",\"fahrenheit\"]},"
                        + "\"KEYdays\":{\"type\":\"integer\"}},\"required\":[\"KEYlocation\"]}";
            case "record":
                return "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{"
                        + "\"KEYid\":{\"type\":\"string\",\"format\":\"uuid\"},"
                        + "\"KEYname\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":40},"
                        + "\"KEYemail\":{\"type\":\"string\",\"format\":\"email\"},"
                        + "\"KEYage\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":150},"
                        + "\"KEYcreated\":{\"type\":\"string\",\"format\":\"date-time\"},"
                        + "\"KEYtags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":10},"
                        + "\"KEYaddress\":{\"type\":\"object\",\"properties\":{\"KEYstreet\":{\"type\":\"string\"},"
                        + "\"KEYzip\":{\"type\":\"string\",\"pattern\":\"^[0-9]{5}$\"}},\"required\":[\"KEYstreet\"]}},"
                        + "\"required\":[\"KEYid\",\"KEYname\"]}";
            case "config": {
                StringBuilder sb = new StringBuilder("{\"type\":\"object\",\"properties\":{");
                String[] types = {"string", "integer", "boolean", "number"};
                for (int i = 0; i < 24; i++) {
                    sb.append(i == 0 ? "" : ",").append("\"KEYoption").append(i).append("\":{\"type\":\"")
                            .append(types[i % 4]).append("\"}");
                }
                return sb.append("},\"patternProperties\":{\"^x-\":{\"type\":\"string\"}}}").toString();
            }
            default:
                throw new IllegalArgumentException("unknown schema " + name);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        vocabulary = BenchVocabularies.load(vocab);
        text = schema(schema);
    }

    @Benchmark
    public long[] firstMask() {
        String s = text.replace("KEY", keys.equals("same") ? "" : "k" + (counter++) + "_");
        Constraint c = Constraint.of(JsonSchemaGrammar.compile(s, JsonSchemaOptions.DEFAULT), vocabulary);
        return c.newMatcher().mask();
    }
}
