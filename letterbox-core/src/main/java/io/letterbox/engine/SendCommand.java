package io.letterbox.engine;

import io.letterbox.id.Ids;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.TimelineKey;
import io.letterbox.log.Action;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.store.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Sends a one-to-one message: idempotency key, frequency cap, then the message. */
final class SendCommand extends Command<SendResult> {
  private final SendRequest request;
  private final long requestHash;
  private final boolean capped;

  /** @param capped whether the sender has a cap, whose counters this send then changes */
  SendCommand(SendRequest request, boolean capped) {
    this.request = request;
    this.requestHash = hash(request);
    this.capped = capped;
  }

  @Override
  long[] reads() {
    long pair = Conflicts.pair(request.from(), request.to());
    long cap = Conflicts.cap(request.from());
    return request.idempotencyKey() == null
        ? new long[] {pair, cap}
        : new long[] {pair, cap, Conflicts.idempotency(request.from(), request.idempotencyKey())};
  }

  @Override
  long[] writes() {
    return java.util.stream.LongStream.of(Conflicts.pair(request.from(), request.to()),
            Conflicts.owner(request.from()), Conflicts.owner(request.to()),
            request.idempotencyKey() == null ? 0 : Conflicts.idempotency(request.from(), request.idempotencyKey()),
            capped ? Conflicts.cap(request.from()) : 0)
        .filter(k -> k != 0).toArray();
  }

  @Override
  Decision<SendResult> decide(EngineContext context) {
    StateReader state = context.state();
    var earlier = Idempotency.earlier(state.store(), request.from(), request.idempotencyKey(), requestHash);
    if (earlier.isPresent()) {
      Message first = state.message(earlier.getAsLong());
      if (first == null || first.kind() != Message.Kind.SINGLE) {
        throw Idempotency.conflict();
      }
      return Decision.nothing(new SendResult(first, false));
    }
    Optional<FrequencyCap> cap = state.cap(request.from());
    if (cap.isPresent() && CapLevels.atCap(state.store(), request.from(), cap.get(),
        context.config().clock().millis(), request.to())) {
      throw new LetterboxException(ErrorCode.FREQUENCY_CAPPED, String.format(
          "sender %d may send %d message(s) per %s to one receiver", request.from(),
          cap.get().messages(), cap.get().periodText()));
    }
    long id = context.ids().next();
    Action.Sent sent = new Action.Sent(id, request.from(), request.to(), request.text(),
        request.idempotencyKey(), requestHash);
    Message message = new Message(id, Message.Kind.SINGLE, request.from(), request.to(), request.text());
    return Decision.of(id, sent, new SendResult(message, true));
  }

  /** FNV-1a over what makes two sends the same message. */
  private static long hash(SendRequest r) {
    long h = 0xcbf29ce484222325L;
    h = (h ^ r.to()) * 0x100000001b3L;
    for (byte b : r.text().getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }
}
