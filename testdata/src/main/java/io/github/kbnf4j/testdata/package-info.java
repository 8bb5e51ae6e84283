/**
 * Test support shared by every module: example grammars, golden files, the slow reference recognizer, random sentences and random token lists for vocabularies.
 */
package io.github.kbnf4j.testdata;
