package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.CapLevels;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Sends a one-to-one message: idempotency key, frequency cap, then the message. */
public final class SendCommand extends Command<SendResult> {
  private final SendRequest request;
  private final long requestHash;
  /** Whether the deployment has a requests folder: then the receiver's follow of the sender is read. */
  private final boolean requestsFolder;

  public SendCommand(SendRequest request, boolean requestsFolder) {
    this(request, request, requestsFolder);
  }

  /**
   * @param request the send to store
   * @param asked   the send as its sender asked for it, which its idempotency key stands for
   */
  public SendCommand(SendRequest request, SendRequest asked, boolean requestsFolder) {
    this.request = request;
    this.requestHash = hash(asked);
    this.requestsFolder = requestsFolder;
  }

  /**
   * What applying the send reads (which the decision reads too: whether the receiver blocked the
   * sender), and whether the receiver follows the sender if that decides a folder.
   */
  @Override
  void readAhead(ReadAhead readAhead) {
    Sent.readAhead(request.from(), request.to(), readAhead::want);
    if (requestsFolder) {
      readAhead.want(Spaces.FOLLOWING, PairKey.of(request.to(), request.from()));
    }
  }

  @Override
  Decision<SendResult> decide(EngineContext context) {
    StateReader state = context.state();
    var earlier = Idempotency.earlier(state, request.from(), request.idempotencyKey(), requestHash);
    if (earlier.isPresent()) {
      Message first = state.message(earlier.getAsLong());
      if (first == null || first.kind() != Message.Kind.SINGLE) {
        throw Idempotency.conflict();
      }
      return Decision.nothing(new SendResult(first, false));
    }
    if (state.conversations().blocked(request.to(), request.from())) {
      throw new LetterboxException(ErrorCode.BLOCKED,
          String.format("user %d does not take messages from %d", request.to(), request.from()));
    }
    Optional<FrequencyCap> cap = state.senders().cap(request.from());
    if (cap.isPresent() && CapLevels.atCap(state, request.from(), cap.get(),
        context.config().clock().millis(), request.to())) {
      throw new LetterboxException(ErrorCode.FREQUENCY_CAPPED, String.format(
          "sender %d may send %d message(s) per %s to one receiver", request.from(),
          cap.get().messages(), cap.get().periodText()));
    }
    long id = context.ids().next();
    // Decided here, where the receiver's follow of the sender belongs (a relation is its target's).
    boolean toRequests = requestsFolder && !state.relations().follows(request.to(), request.from());
    Sent sent = new Sent(id, request.from(), request.to(), request.text(),
        request.idempotencyKey(), requestHash, toRequests, request.extras());
    Message message = new Message(id, Message.Kind.SINGLE, request.from(), request.to(), request.text(), request.extras());
    return Decision.of(id, sent, new SendResult(message, true));
  }

  /**
   * FNV-1a over what makes two sends the same message: the receiver, the text and, for a message
   * that is not plain text, its type, payload and attachments as the log encodes them (a stable
   * form: the hash is stored with the idempotency key; plain text hashes as before).
   */
  private static long hash(SendRequest r) {
    long h = 0xcbf29ce484222325L;
    h = (h ^ r.to()) * 0x100000001b3L;
    h = fnv(h, r.text().getBytes(StandardCharsets.UTF_8));
    if (!r.extras().isPlainText()) {
      h = fnv(h, ActionCodec.encode(new Sent(0, 0, 0, "", null, 0, false, r.extras())));
    }
    return h;
  }

  private static long fnv(long h, byte[] bytes) {
    for (byte b : bytes) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }
}
