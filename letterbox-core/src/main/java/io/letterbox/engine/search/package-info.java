/**
 * Keyword search (decision 0012): {@link io.letterbox.engine.search.Words}, the one analysis of
 * texts and queries (smartcn, lower case, ASCII folding); {@link io.letterbox.engine.search.SearchPostings},
 * the postings an action gives a partition (a derivation of applied actions);
 * {@link io.letterbox.engine.search.SearchIndexer}, the live indexer, which derives the postings
 * of the partitions a node hosts from their journals, behind the writers, on its own thread;
 * {@link io.letterbox.engine.search.SearchRebuild}, which indexes a whole store on the caller's
 * thread; {@link io.letterbox.engine.search.JournalPostings}, the journal walk and marks those two
 * share; {@link io.letterbox.engine.search.Searcher}, which intersects a query's posting lists in
 * each scope the reader may find messages in and checks each candidate as history would show it.
 * Uses {@code apply} (the actions), {@code partition} (the journals), {@code keys}, {@code rows}
 * through the read side, and the storage SPI.
 */
package io.letterbox.engine.search;
