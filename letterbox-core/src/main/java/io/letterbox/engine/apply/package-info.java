/**
 * Apply: the action log's entries and how each becomes indexes. Every kind of
 * {@link io.letterbox.engine.apply.Action} is one file holding its record, its stable tag and
 * fields in the log, and its {@code apply}; {@link io.letterbox.engine.apply.ActionCodec} only
 * dispatches on tags. The {@link io.letterbox.engine.apply.Applier} appends actions into a
 * {@link io.letterbox.engine.apply.PendingWrites} batch that every later read sees, and is the
 * one path of the live writer and of every replay. What else is derived from applied actions
 * (caches, search postings) is a {@link io.letterbox.engine.apply.Derivation}, which declares
 * every kind ({@link io.letterbox.engine.apply.Kinds}). Adding a kind: a new file, its tag in
 * {@code ActionCodec.decode}, its case in {@code ActionCodecTest}, and its declaration in every
 * derivation ({@code DerivationsTest} lists those that lack it). Uses {@code read} (to read
 * the state through the batch), {@code fanout}'s audience resolver, {@code keys} and {@code rows}.
 */
package io.letterbox.engine.apply;
