package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import net.jqwik.api.statistics.Statistics;

/**
 * Chunk and rollback invariance as a state machine: random sequences of pushes (single bytes,
 * chunks, atomic chunks), marks, pops, resets and copies on one recognizer; after every step its
 * answers equal those of a fresh recognizer fed the same bytes straight (one at a time and all at
 * once) and of {@link ReferenceRecognizer}.
 */
class PushPopChainProperties {

    /** The system under test plus the bytes it should have consumed. */
    static final class Model {
        final CompiledGrammar grammar;
        final byte[] alphabet;
        Recognizer recognizer;
        final ByteArrayOutputStream consumed = new ByteArrayOutputStream();
        final Deque<Integer> marks = new ArrayDeque<>();

        Model(CompiledGrammar grammar, byte[] alphabet) {
            this.grammar = grammar;
            this.alphabet = alphabet;
            this.recognizer = new Recognizer(grammar, DifferentialOptions.RECOGNIZER);
        }

        void keep(int length) {
            byte[] all = consumed.toByteArray();
            consumed.reset();
            consumed.write(all, 0, length);
            while (!marks.isEmpty() && marks.peek() > length) {
                marks.pop();
            }
        }

        @Override
        public String toString() {
            return "consumed " + Arrays.toString(consumed.toByteArray());
        }
    }

    /** A random grammar; {@code grammar} and {@code alphabet} are null if the compiler rejects it. */
    record Setup(String text, CompiledGrammar grammar, byte[] alphabet) {
        @Override
        public String toString() {
            return text;
        }
    }

    @Provide
    Arbitrary<Tuple2<Setup, ActionChain<Model>>> chains() {
        // A grammar the compiler rejects comes with no chain; the property counts it (see ranOn).
        return RandomGrammars.grammars().map(PushPopChainProperties::setup)
                .flatMap(s -> s.grammar() == null ? Arbitraries.just(Tuple.of(s, (ActionChain<Model>) null))
                        : ActionChain.startWith(() -> new Model(s.grammar(), s.alphabet()))
                        .withAction(4, new PushByte(s.alphabet()))
                        .withAction(2, new PushChunk(s.alphabet(), false))
                        .withAction(2, new PushChunk(s.alphabet(), true))
                        .withAction(1, mutate("mark", m -> m.marks.push(m.recognizer.mark())))
                        .withAction(1, mutate("pop to mark", m -> {
                            if (!m.marks.isEmpty()) {
                                int mark = m.marks.pop();
                                m.recognizer.popTo(mark);
                                m.keep(mark);
                            }
                        }))
                        .withAction(1, new Pop())
                        .withAction(1, mutate("reset", m -> {
                            m.recognizer.reset();
                            m.keep(0);
                        }))
                        .withAction(1, mutate("continue on a copy", m -> m.recognizer = m.recognizer.copy()))
                        .withMaxTransformations(30)
                        .map(chain -> Tuple.of(s, chain)));
    }

    static Setup setup(String text) {
        try {
            CompiledGrammar g = Grammar.compile("random.kbnf", text);
            return new Setup(text, g, RandomGrammars.alphabet(text, 6));
        } catch (GrammarException e) {
            return new Setup(text, null, null);
        }
    }

    @Property(tries = 200)
    void anySequenceOfOperationsEqualsAStraightRun(@ForAll("chains") Tuple2<Setup, ActionChain<Model>> setupAndChain) {
        boolean compiles = setupAndChain.get2() != null;
        // Most random grammars compile: a compiler regression must fail here, not pass on nothing.
        Statistics.label("compiles").collect(compiles);
        Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
        if (compiles) {
            setupAndChain.get2().withInvariant("equals a straight run", PushPopChainProperties::checkStraightRun).run();
        }
    }

    static void checkStraightRun(Model m) {
        byte[] input = m.consumed.toByteArray();
        Recognizer r = m.recognizer;
        assertEquals(input.length, r.length(), "length");
        Recognizer straight = new Recognizer(m.grammar, DifferentialOptions.RECOGNIZER);
        assertEquals(input.length, straight.push(input, 0, input.length), "a straight run consumes everything");
        Recognizer oneByOne = new Recognizer(m.grammar, DifferentialOptions.RECOGNIZER);
        for (byte b : input) {
            oneByOne.push(b);
        }
        ReferenceRecognizer.State ref = new ReferenceRecognizer(m.grammar).newState();
        ref.pushAll(input);
        BitSet expected = ref.nextBytes();
        for (Recognizer other : new Recognizer[] {straight, oneByOne, r}) {
            assertEquals(ref.accepting(), other.isAccepting(), "accepting");
            assertEquals(expected, BitSet.valueOf(other.nextBytes()), "next bytes");
        }
        assertArrayEquals(straight.nextBytes(), r.nextBytes());
    }

    static Action.Independent<Model> mutate(String name, java.util.function.Consumer<Model> f) {
        return () -> Arbitraries.just(Transformer.mutate(name, f));
    }

    record PushByte(byte[] alphabet) implements Action.Independent<Model> {
        @Override
        public Arbitrary<Transformer<Model>> transformer() {
            return Arbitraries.oneOf(Arbitraries.of(box(alphabet)), Arbitraries.integers().between(0, 255))
                    .map(b -> Transformer.mutate("push " + b, m -> {
                        if (m.recognizer.push(b)) {
                            m.consumed.write(b);
                        }
                    }));
        }
    }

    record PushChunk(byte[] alphabet, boolean atomic) implements Action.Independent<Model> {
        @Override
        public Arbitrary<Transformer<Model>> transformer() {
            return Arbitraries.of(box(alphabet)).list().ofMinSize(1).ofMaxSize(8).map(list -> {
                byte[] chunk = new byte[list.size()];
                for (int i = 0; i < chunk.length; i++) {
                    chunk[i] = (byte) (int) list.get(i);
                }
                return Transformer.mutate((atomic ? "push all " : "push ") + list, m -> {
                    if (atomic) {
                        int before = m.recognizer.length();
                        if (m.recognizer.pushAll(chunk)) {
                            m.consumed.write(chunk, 0, chunk.length);
                        } else {
                            assertEquals(before, m.recognizer.length(), "a refused pushAll changes nothing");
                        }
                    } else {
                        int n = m.recognizer.push(chunk, 0, chunk.length);
                        m.consumed.write(chunk, 0, n);
                    }
                });
            });
        }
    }

    static final class Pop implements Action.Dependent<Model> {
        @Override
        public boolean precondition(Model m) {
            return m.recognizer.length() > 0;
        }

        @Override
        public Arbitrary<Transformer<Model>> transformer(Model state) {
            return Arbitraries.integers().between(1, state.recognizer.length()).map(k -> Transformer.mutate("pop " + k, m -> {
                m.recognizer.pop(k);
                m.keep(m.consumed.size() - k);
            }));
        }
    }

    static Integer[] box(byte[] bytes) {
        Integer[] r = new Integer[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            r[i] = bytes[i] & 0xFF;
        }
        return r;
    }
}
