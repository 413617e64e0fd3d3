/** The lucene baseline of the search scenario: an in-process Lucene index beside the store. */
package io.letterbox.bench.baseline.lucene;
