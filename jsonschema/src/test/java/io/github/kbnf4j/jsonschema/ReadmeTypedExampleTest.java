package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The README's "From a Java type" example, as written there (less the runtime's Constraint). */
class ReadmeTypedExampleTest {
    enum Mood { HAPPY, SAD }

    record Person(String name, int age, Mood mood, Optional<String> email,
            @JsonPropertyDescription("at most three") List<String> hobbies) {
    }

    @Test
    void theExampleReadsWhatTheReadmeSays() {
        TypedGrammar<Person> person = TypedGrammar.of(Person.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(1));
        assertEquals("at most three", person.schema().at("/properties/hobbies/description").asText());
        Person p = person.parse("{\"name\":\"Ada\",\"age\":36,\"mood\":\"HAPPY\",\"hobbies\":[\"math\"]}");
        assertEquals("Person[name=Ada, age=36, mood=HAPPY, email=Optional.empty, hobbies=[math]]", p.toString());
    }
}
