package io.letterbox.engine;

import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.SegmentKey;
import io.letterbox.keys.Spaces;
import io.letterbox.log.Action;
import io.letterbox.log.ActionCodec;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.store.Bytes;

/**
 * Accepts a broadcast. Its audience is resolved and frozen when the sequencer applies it, so no
 * relation or segment change can slip in between; the result is the broadcast's id.
 */
final class BroadcastCommand extends Command<Long> {
  private final BroadcastRequest request;
  private final long requestHash;

  BroadcastCommand(BroadcastRequest request) {
    this.request = request;
    this.requestHash = hash(request);
  }

  @Override
  long[] reads() {
    long[] base = {Conflicts.relations(request.from()), Conflicts.cap(request.from()),
        request.audience() instanceof Audience.Segment s ? Conflicts.segment(s.name()) : 0,
        request.idempotencyKey() == null ? 0 : Conflicts.idempotency(request.from(), request.idempotencyKey())};
    return java.util.Arrays.stream(base).filter(k -> k != 0).toArray();
  }

  @Override
  long[] writes() {
    long[] base = {Conflicts.relations(request.from()), Conflicts.cap(request.from()),
        request.idempotencyKey() == null ? 0 : Conflicts.idempotency(request.from(), request.idempotencyKey())};
    return java.util.Arrays.stream(base).filter(k -> k != 0).toArray();
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    StateReader state = context.state();
    var earlier = Idempotency.earlier(state.store(), request.from(), request.idempotencyKey(), requestHash);
    if (earlier.isPresent()) {
      return Decision.nothing(earlier.getAsLong());
    }
    if (request.audience() instanceof Audience.Segment s
        && state.store().get(Spaces.SEGMENTS, SegmentKey.header(s.name())) == null) {
      throw LetterboxException.invalid("no segment named %s", s.name());
    }
    long id = context.ids().next();
    return Decision.of(id, new Action.BroadcastAccepted(id, request.from(), request.text(), request.audience(),
        request.priority(), request.idempotencyKey(), requestHash), id);
  }

  /** FNV-1a over the encoded request: what makes two broadcasts the same. */
  private static long hash(BroadcastRequest r) {
    byte[] bytes = ActionCodec.encode(new Action.BroadcastAccepted(0, r.from(), r.text(), r.audience(),
        r.priority(), null, 0));
    long h = 0xcbf29ce484222325L ^ 0x42;
    for (byte b : bytes) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }

}
