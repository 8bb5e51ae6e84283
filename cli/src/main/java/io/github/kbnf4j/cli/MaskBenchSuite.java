package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The MaskBench schemas and their test documents, read completely before anything is timed.
 *
 * <p>Two folders of JSON Lines files, one file per source ({@code Github_easy.jsonl}, ...): the
 * schemas, one per line as {@code {"file": ..., "schema": {...}}}, and the documents, one per line
 * as {@code {"file": ..., "valid": true|false, "text": ..., "token_ids": [...]}}, joined on
 * {@code file}. A document without {@code token_ids} is tokenized from its text with the encoder
 * given (the jtokkit vocabularies have one), else it is an error. Every token id is checked
 * against the vocabulary here, so the replay never meets an unknown id.
 */
final class MaskBenchSuite {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One test document of a schema: its test index (its {@code test} field, else its position), its verdict, its tokens. */
    record Document(int index, boolean valid, int[] tokens) {
    }

    /**
     * One schema: its source (the file's name without {@code .jsonl}), its MaskBench file name,
     * its text as it is handed to the compiler, and its documents in test order.
     */
    record Schema(String source, String file, String text, List<Document> documents) {
    }

    /** A line of a suite file that cannot be used, named {@code FILE:LINE}. */
    static final class SuiteException extends Exception {
        private static final long serialVersionUID = 1L;

        SuiteException(String message) {
            super(message);
        }
    }

    private MaskBenchSuite() {
    }

    /**
     * The schemas of {@code schemaDir} (in file-name order, then line order), restricted to
     * {@code sources} when it is not empty, then, when {@code limit > 0}, a random sample of
     * {@code limit} of them picked with {@code seed} (kept in that order), each with its documents
     * from {@code corpusDir}.
     *
     * @param encoder tokenizes a document without {@code token_ids}, or null when every document must have them
     */
    static List<Schema> read(Path schemaDir, Path corpusDir, Vocabulary vocabulary, Function<String, int[]> encoder,
            Set<String> sources, int limit, long seed) throws IOException, SuiteException {
        Set<String> files = new HashSet<>();
        List<String[]> all = new ArrayList<>(); // source, file, schema text
        Set<String> seenSources = new LinkedHashSet<>();
        for (Path f : jsonl(schemaDir)) {
            String source = sourceName(f);
            seenSources.add(source);
            if (!sources.isEmpty() && !sources.contains(source)) {
                continue;
            }
            forEachObject(f, (n, where) -> {
                String file = text(n, "file", where);
                JsonNode schema = n.get("schema");
                if (schema == null || !(schema.isObject() || schema.isBoolean())) {
                    throw new SuiteException(where + ": \"schema\" must be a JSON object or a boolean");
                }
                if (!files.add(file)) {
                    throw new SuiteException(where + ": schema " + file + " appears twice");
                }
                all.add(new String[] {source, file, MAPPER.writeValueAsString(schema)});
            });
        }
        for (String s : sources) {
            if (!seenSources.contains(s)) {
                throw new SuiteException("--source " + s + ": no such source in " + schemaDir + " (sources: "
                        + String.join(", ", seenSources) + ")");
            }
        }
        List<String[]> picked = SeededSample.of(all, limit, seed);
        Map<String, List<Document>> documents = new HashMap<>();
        for (String[] p : picked) {
            documents.put(p[1], new ArrayList<>());
        }
        for (Path f : jsonl(corpusDir)) { // every file: documents join their schema by "file", whatever file holds them
            forEachObject(f, (n, where) -> {
                List<Document> list = documents.get(text(n, "file", where));
                if (list == null) {
                    return;
                }
                JsonNode valid = n.get("valid");
                if (valid == null || !valid.isBoolean()) {
                    throw new SuiteException(where + ": \"valid\" must be true or false");
                }
                JsonNode test = n.get("test");
                if (test != null && !test.isInt()) {
                    throw new SuiteException(where + ": \"test\" must be an integer (the test's index)");
                }
                int index = test != null ? test.intValue() : list.size();
                list.add(new Document(index, valid.booleanValue(), tokens(n, where, vocabulary, encoder)));
            });
        }
        List<Schema> result = new ArrayList<>(picked.size());
        for (String[] p : picked) {
            result.add(new Schema(p[0], p[1], p[2], List.copyOf(documents.get(p[1]))));
        }
        return result;
    }

    /** What is done with one line of a suite file: its JSON object and its {@code FILE:LINE}. */
    private interface LineHandler {
        void accept(JsonNode line, String where) throws SuiteException, IOException;
    }

    /** Each non-blank line of {@code f}, parsed as a JSON object. */
    private static void forEachObject(Path f, LineHandler handler) throws IOException, SuiteException {
        int lineNumber = 0;
        try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                lineNumber++;
                if (!line.isBlank()) {
                    String where = f + ":" + lineNumber;
                    handler.accept(parse(line, where), where);
                }
            }
        }
    }

    private static int[] tokens(JsonNode n, String where, Vocabulary vocabulary, Function<String, int[]> encoder)
            throws SuiteException {
        JsonNode ids = n.get("token_ids");
        int[] tokens;
        if (ids == null) {
            JsonNode text = n.get("text");
            if (text == null || !text.isTextual()) {
                throw new SuiteException(where + ": a document needs \"token_ids\" or \"text\"");
            }
            if (encoder == null) {
                throw new SuiteException(where + ": no \"token_ids\", and only the jtokkit vocabularies (cl100k, "
                        + "o200k, r50k, p50k) can tokenize text here");
            }
            tokens = encoder.apply(text.textValue());
        } else {
            if (!ids.isArray()) {
                throw new SuiteException(where + ": \"token_ids\" must be an array of integers");
            }
            tokens = new int[ids.size()];
            for (int i = 0; i < tokens.length; i++) {
                JsonNode id = ids.get(i);
                if (!id.isInt()) {
                    throw new SuiteException(where + ": token_ids[" + i + "] is not an integer: " + id);
                }
                tokens[i] = id.intValue();
            }
        }
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i] < 0 || tokens[i] >= vocabulary.size()) {
                throw new SuiteException(where + ": token_ids[" + i + "] = " + tokens[i] + " is not an id of "
                        + vocabulary.name() + " (0.." + (vocabulary.size() - 1) + ")");
            }
        }
        return tokens;
    }

    private static JsonNode parse(String line, String where) throws SuiteException {
        try {
            JsonNode n = MAPPER.readTree(line);
            if (n == null || !n.isObject()) {
                throw new SuiteException(where + ": not a JSON object");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw new SuiteException(where + ": not JSON: " + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode n, String field, String where) throws SuiteException {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            throw new SuiteException(where + ": \"" + field + "\" must be a string");
        }
        return v.textValue();
    }

    private static String sourceName(Path f) {
        String name = f.getFileName().toString();
        return name.substring(0, name.length() - ".jsonl".length());
    }

    private static List<Path> jsonl(Path dir) throws IOException, SuiteException {
        if (!Files.isDirectory(dir)) {
            throw new SuiteException(dir + ": not a folder");
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> list = files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList();
            if (list.isEmpty()) {
                throw new SuiteException(dir + ": no *.jsonl files");
            }
            return list;
        }
    }
}
