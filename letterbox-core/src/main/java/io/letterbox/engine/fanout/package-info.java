/**
 * Broadcast fan-out: resolving an audience into frozen uid blocks
 * ({@link io.letterbox.engine.fanout.AudienceResolver}), the first-contact records of uid-list
 * and segment broadcasts written as sorted loads ({@link io.letterbox.engine.fanout.PairRecords}),
 * and the jobs that run them in priority lanes with retries
 * ({@link io.letterbox.engine.fanout.BroadcastJobs}). A job logs its completion through the
 * write path; what it writes depends only on frozen audiences, so a replay writes the same.
 */
package io.letterbox.engine.fanout;
