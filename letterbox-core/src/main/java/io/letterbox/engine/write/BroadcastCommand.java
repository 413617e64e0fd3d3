package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.BroadcastAccepted;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;

/**
 * Accepts a broadcast. Its audience is resolved and frozen when the sequencer applies it, so no
 * relation or segment change can slip in between; the result is the broadcast's id.
 */
public final class BroadcastCommand extends Command<Long> {
  private final BroadcastRequest request;
  private final long requestHash;

  public BroadcastCommand(BroadcastRequest request) {
    this(request, request);
  }

  /**
   * @param request the broadcast to store
   * @param asked   the broadcast as its sender asked for it, which its idempotency key stands for
   */
  public BroadcastCommand(BroadcastRequest request, BroadcastRequest asked) {
    this.request = request;
    this.requestHash = hash(asked);
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    StateReader state = context.state();
    var earlier = Idempotency.earlier(state, request.from(), request.idempotencyKey(), requestHash);
    if (earlier.isPresent()) {
      return Decision.nothing(earlier.getAsLong());
    }
    if (request.audience() instanceof Audience.Segment s
        && state.relations().segmentSize(s.name()).isEmpty()) {
      throw LetterboxException.invalid("no segment named %s", s.name());
    }
    long id = context.ids().next();
    return Decision.of(id, new BroadcastAccepted(id, request.from(), request.text(), request.audience(),
        request.priority(), request.idempotencyKey(), requestHash, request.extras(), request.push()), id);
  }

  /** FNV-1a over the encoded request: what makes two broadcasts the same. */
  private static long hash(BroadcastRequest r) {
    byte[] bytes = ActionCodec.encode(new BroadcastAccepted(0, r.from(), r.text(), r.audience(),
        r.priority(), null, 0, r.extras(), r.push()));
    long h = 0xcbf29ce484222325L ^ 0x42;
    for (byte b : bytes) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }

}
