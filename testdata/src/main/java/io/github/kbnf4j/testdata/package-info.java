/**
 * Test support shared by every module: example grammars, golden files, the slow reference recognizer and random sentences.
 */
package io.github.kbnf4j.testdata;
