/** A modular application that uses kbnf4j: compiled and run by ModularConsumerTest. */
module example.consumer {
    requires io.github.kbnf4j.runtime;
    requires io.github.kbnf4j.jsonschema;
    requires io.github.kbnf4j.decode;
    // Jackson builds the records that TypedGrammar reads answers into
    opens example.consumer to com.fasterxml.jackson.databind;
}
