/** A modular application that uses kbnf4j: compiled and run by ModularConsumerTest. */
module example.consumer {
    requires io.github.kbnf4j.runtime;
    requires io.github.kbnf4j.jsonschema;
}
