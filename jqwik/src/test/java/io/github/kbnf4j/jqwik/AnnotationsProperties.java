package io.github.kbnf4j.jqwik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jqwik.internal.AnnotatedParameterProvider;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.providers.TypeUsage;

/**
 * {@link FromGrammar} and {@link FromSchema} on {@code String}, {@code byte[]} and {@code JsonNode}
 * parameters, found by jqwik through the service loader: grammars from the class path, the working
 * directory, the built-ins and inline text; schemas from the class path; clear errors for
 * misconfigured annotations.
 */
class AnnotationsProperties {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GREETING = Pattern.compile("(Hello|Hi|Good morning|Good evening), [A-Z][a-z]{0,9}!");

    @Property(tries = 100)
    void builtinJsonAsString(@ForAll @FromGrammar(builtin = "json") String json) throws Exception {
        MAPPER.readTree(json); // Jackson reads every sentence of the built-in json grammar
    }

    @Property(tries = 100)
    void builtinJsonAsTree(@ForAll @FromGrammar(builtin = "json:0", maxLength = 64) JsonNode json) {
        assertTrue(json != null);
    }

    @Property(tries = 100)
    void classPathGrammarAsBytes(@ForAll @FromGrammar(file = "grammars/greeting.kbnf") byte[] greeting) {
        assertTrue(GREETING.matcher(new String(greeting, StandardCharsets.UTF_8)).matches());
    }

    @Property(tries = 100)
    void workingDirectoryGbnfWithStartRule(
            @ForAll @FromGrammar(file = "src/test/data/sum.gbnf", start = "root", dialect = Dialect.GBNF, maxLength = 40)
            String sum) throws Exception {
        CompiledGrammar g = Grammar.compileFile(Path.of("src/test/data/sum.gbnf"), GrammarOptions.DEFAULT);
        Recognizer r = new Recognizer(g);
        assertTrue(r.pushAll(sum.getBytes(StandardCharsets.UTF_8)) && r.isAccepting(), sum);
    }

    @Property(tries = 50)
    void inlineKbnf(@ForAll @FromGrammar(kbnf = "start ::= \"a\"+ \"b\";", maxLength = 20) String s) {
        assertTrue(s.matches("a+b"), s);
    }

    @Property(tries = 100)
    void schemaInstancesAsTrees(@ForAll @FromSchema(file = "schemas/order.json") JsonNode order) {
        assertTrue(order.has("id") && order.has("quantity") && order.has("status") && order.has("tags"), order::toString);
        int q = order.get("quantity").decimalValue().intValueExact();
        assertTrue(q >= 1 && q <= 99, order::toString);
    }

    @Property(tries = 50)
    void schemaInstancesAsPrettyText(@ForAll @FromSchema(file = "schemas/order.json", pretty = true) String order)
            throws Exception {
        assertTrue(order.startsWith("{\n"), order);
        assertEquals("new paid shipped".contains(MAPPER.readTree(order).get("status").asText()), true);
    }

    @Property(tries = 50)
    void inlineSchemaAsBytes(@ForAll @FromSchema(json = "{\"type\": \"integer\", \"minimum\": 10}") byte[] n) {
        assertTrue(new java.math.BigDecimal(new String(n, StandardCharsets.UTF_8)).compareTo(java.math.BigDecimal.TEN) >= 0);
    }

    // ---- misconfiguration

    @SuppressWarnings("unused")
    private void both(@FromGrammar(builtin = "json", file = "x.kbnf") String a, @FromGrammar String b,
            @FromGrammar(file = "no/such/file.kbnf") String c, @FromSchema(file = "schemas/order.json", json = "{}") String d,
            @FromGrammar(builtin = "yaml") String e) {
    }

    private static TypeUsage parameter(int i) throws NoSuchMethodException {
        Method m = AnnotationsProperties.class.getDeclaredMethod("both", String.class, String.class, String.class,
                String.class, String.class);
        return TypeUsage.forType(String.class).withAnnotation(m.getParameters()[i].getAnnotations()[0]);
    }

    @Example
    void misconfiguredAnnotationsFailClearly() throws Exception {
        AnnotatedParameterProvider provider = new AnnotatedParameterProvider();
        for (int i = 0; i < 5; i++) {
            TypeUsage t = parameter(i);
            assertTrue(provider.canProvideFor(t));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> provider.provideFor(t, null));
            String expected = switch (i) {
                case 0, 1 -> "exactly one of file, builtin and kbnf";
                case 2 -> "no class path resource and no file 'no/such/file.kbnf'";
                case 3 -> "exactly one of file and json";
                default -> "no built-in grammar 'yaml'";
            };
            assertTrue(e.getMessage().contains(expected), e.getMessage());
        }
        assertTrue(!provider.canProvideFor(TypeUsage.of(String.class)), "an unannotated String is jqwik's");
        assertTrue(!provider.canProvideFor(TypeUsage.of(Integer.class).withAnnotation(parameter(0).getAnnotations().get(0))));
    }
}
