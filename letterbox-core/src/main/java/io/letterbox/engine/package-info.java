/**
 * The engine: {@link io.letterbox.engine.Letterbox}, the composition root of one node over a
 * {@link io.letterbox.store.KeyValueStore}, which wires the packages below and hands out one
 * narrow API per concept: {@code Messages}, {@code Conversations} (one-to-one and group, named by a
 * {@code model.ConversationRef}), {@code Groups}, {@code Broadcasts}, {@code Relations},
 * {@code MessageSearch}, {@code Events}, {@code BlobAccess} and {@code Export} (a user's data,
 * page by page, over the paged reads); with its settings
 * ({@link io.letterbox.engine.LetterboxConfig}) and its one failure type
 * ({@link io.letterbox.engine.LetterboxException} with an {@link io.letterbox.engine.ErrorCode}).
 * The APIs check arguments and hand work to the packages below, one per role; {@code NodeUpkeep}
 * keeps the readers' caches, search and live events current as writes become visible. They may
 * use {@code model}, {@code id}, {@code keys}, {@code rows}, {@code bitmap} and the storage SPI,
 * never a storage product.
 *
 * <h2>How a send travels</h2>
 * <ol>
 *   <li>{@code Messages.send} validates the request and queues a {@code SendCommand} through
 *       {@code partition.PartitionCommands} on the sender's partition's writer
 *       ({@code partition.PartitionWriter}, whose
 *       {@code write.Sequencer} is the partition's single writer). A partition this node does not
 *       host refuses it with {@code NotOwnerException}, which the server forwards to its owner.</li>
 *   <li>On the sequencer thread the command <em>decides</em>: it reads the writer's state (the
 *       idempotency key, the sender's cap counters) and returns a {@code Decision}: the action
 *       {@code apply.Sent} at a new id, and the reply.</li>
 *   <li>The {@code apply.Applier} puts the encoded action into the log and calls
 *       {@code Sent.apply}, which derives the writes of the owners its partition owns (the
 *       sender's timeline, cap counters and idempotency key; the receiver's timeline and counter
 *       too if the receiver is in the same partition) into a pending batch. Later decisions in
 *       the same group read through that batch, so they see this send before it is written.</li>
 *   <li>After the group, the batch is written: its log entries, then its journal entry as the
 *       commit point (it fails if another writer took the partition), then the derived writes,
 *       then the "applied up to" mark; visible to readers now, and the readers' caches move
 *       forward ({@code NodeUpkeep}).</li>
 *   <li>When the store says the batch is durable (one WAL sync for the whole group), the outbox
 *       delivers the receiver's part to its partition if that is another one, and the send's
 *       future completes (after the delivery, or after {@code deliveryWait}); the caller answers
 *       201.</li>
 *   <li>Taking a partition (at start, or from another node) fences its journal, and
 *       {@code replay.Replayer} applies the entries past its mark through the same
 *       {@code Applier}; {@code rebuild} and {@code migrate} replay every journal the same way.</li>
 * </ol>
 * Behind the writers, {@code search.SearchIndexer} follows each hosted partition's durable
 * journal entries and writes the postings of their messages (not in the send's batch: the
 * sequencer does not pay for it); {@code follow.FeedFollowers} follows them for each consumer of
 * the owner feed (webhooks, a change stream) from its durable position (decision 0040).
 *
 * <p>A read ({@code Conversations.history}, {@code list}, {@code unread}) goes to {@code read}, which
 * sees only written batches, on the node that hosts the owner; a search first waits for
 * the index to cover what the owner's partition had made durable.
 */
package io.letterbox.engine;
