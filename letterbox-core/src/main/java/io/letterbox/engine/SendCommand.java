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

  SendCommand(SendRequest request) {
    this.request = request;
    this.requestHash = hash(request);
  }

  @Override
  long[] reads() {
    long pair = Conflicts.pair(request.from(), request.to());
    return request.idempotencyKey() == null
        ? new long[] {pair}
        : new long[] {pair, Conflicts.idempotency(request.from(), request.idempotencyKey())};
  }

  @Override
  long[] writes() {
    long[] w = {Conflicts.pair(request.from(), request.to()), Conflicts.owner(request.from()),
        Conflicts.owner(request.to()), 0};
    if (request.idempotencyKey() == null) {
      return java.util.Arrays.copyOf(w, 3);
    }
    w[3] = Conflicts.idempotency(request.from(), request.idempotencyKey());
    return w;
  }

  @Override
  Decision<SendResult> decide(EngineContext context) {
    StateReader state = context.state();
    if (request.idempotencyKey() != null) {
      byte[] earlier = state.store().get(Spaces.IDEMPOTENCY,
          IdempotencyKey.of(request.from(), request.idempotencyKey()));
      if (earlier != null) {
        if (Bytes.getLong(earlier, 8) != requestHash) {
          throw new LetterboxException(ErrorCode.IDEMPOTENCY_CONFLICT,
              "idempotencyKey was already used for a different message");
        }
        return Decision.nothing(new SendResult(state.message(Bytes.getLong(earlier, 0)), false));
      }
    }
    Optional<FrequencyCap> cap = state.cap(request.from());
    if (cap.isPresent() && sentInWindow(context, cap.get()) >= cap.get().messages()) {
      throw new LetterboxException(ErrorCode.FREQUENCY_CAPPED, String.format(
          "sender %d may send %d message(s) per %s to one receiver", request.from(),
          cap.get().messages(), cap.get().period()));
    }
    long id = context.ids().next();
    Action.Sent sent = new Action.Sent(id, request.from(), request.to(), request.text(),
        request.idempotencyKey(), requestHash);
    Message message = new Message(id, Message.Kind.SINGLE, request.from(), request.to(), request.text());
    return Decision.of(id, sent, new SendResult(message, true));
  }

  /** Live messages this sender sent this receiver in the current cap window, up to the cap. */
  private long sentInWindow(EngineContext context, FrequencyCap cap) {
    long now = context.config().clock().millis();
    long period = cap.period().toMillis();
    long windowStart = Math.max(Ids.EPOCH, now - Math.floorMod(now, period));
    long[] count = {0};
    context.state().store().scan(Spaces.CONVERSATION,
        TimelineKey.range(request.from(), request.to(), Ids.firstIdAt(windowStart), Long.MAX_VALUE),
        true, (k, v) -> {
          if (v[0] == TimelineFlags.OUTGOING) {
            count[0]++;
          }
          return count[0] < cap.messages();
        });
    return count[0];
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
