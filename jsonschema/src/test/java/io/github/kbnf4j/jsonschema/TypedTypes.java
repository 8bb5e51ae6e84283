package io.github.kbnf4j.jsonschema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.type.TypeReference;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The Java types of the typed-grammar tests: every kind of property the schema generator is configured for. */
final class TypedTypes {
    private TypedTypes() {
    }

    record Person(String name, int age, Optional<String> email, List<String> tags) {
    }

    enum Color { RED, @JsonProperty("verde") GREEN, BLUE }

    enum Size {
        SMALL("s"), LARGE("l");

        private final String code;

        Size(String code) {
            this.code = code;
        }

        @JsonValue
        String code() {
            return code;
        }
    }

    record Palette(Color primary, Set<Color> others, Size size) {
    }

    record Primitives(boolean flag, byte b, short s, int i, long l, char c, float f, double d, Integer boxed,
            Long boxedLong, BigInteger big, BigDecimal dec, int[] ints, double[][] grid) {
    }

    @JsonPropertyOrder({"title", "id"})
    record Ordered(long id, @JsonProperty("title") @JsonPropertyDescription("a short title") String name,
            @JsonProperty(required = true) Optional<Boolean> done) {
    }

    record Maps(Map<String, Integer> counts, Map<String, List<Double>> series, Map<String, Person> people) {
    }

    record Tree(String label, List<Tree> children) {
    }

    record Expr(String op, Optional<Expr> left, Optional<Expr> right, Optional<Double> value) {
    }

    record Nested(Person owner, Palette palette, Optional<Tree> tree, List<Ordered> items) {
    }

    /** A polymorphic type: Jackson's type name in a "kind" property. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle"),
        @JsonSubTypes.Type(value = Square.class, name = "square")})
    sealed interface Shape permits Circle, Square {
    }

    record Circle(double r) implements Shape {
    }

    record Square(double side) implements Shape {
    }

    record Drawing(String title, List<Shape> shapes) {
    }

    /** A mutable bean: public field, private field with getter and setter, an ignored property. */
    static final class Account {
        public String owner;
        private long balance;
        @JsonIgnore
        public String secret;

        public long getBalance() {
            return balance;
        }

        public void setBalance(long balance) {
            this.balance = balance;
        }
    }

    /** The types under test, as Jackson type references (a generic one among them). */
    static final List<TypeReference<?>> ALL = List.of(
            new TypeReference<Person>() { },
            new TypeReference<Color>() { },
            new TypeReference<Palette>() { },
            new TypeReference<Primitives>() { },
            new TypeReference<Ordered>() { },
            new TypeReference<Maps>() { },
            new TypeReference<Tree>() { },
            new TypeReference<Expr>() { },
            new TypeReference<Nested>() { },
            new TypeReference<Account>() { },
            new TypeReference<Drawing>() { },
            new TypeReference<List<Person>>() { },
            new TypeReference<Map<String, List<Color>>>() { });
}
