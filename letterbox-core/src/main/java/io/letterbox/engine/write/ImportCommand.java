package io.letterbox.engine.write;

import io.letterbox.id.Ids;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Imported;
import io.letterbox.model.ImportedMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores history of an older system at ids of its original times. Imported ids carry
 * {@link Ids#IMPORTED}; within one millisecond they are numbered after the largest one stored.
 */
public final class ImportCommand extends Command<List<Long>> {
  private final List<ImportedMessage> messages;

  public ImportCommand(List<ImportedMessage> messages) {
    this.messages = messages;
  }

  /** What applying every message reads. */
  @Override
  void readAhead(ReadAhead readAhead) {
    for (ImportedMessage m : messages) {
      Imported.readAhead(m.from(), m.to(), readAhead::want);
    }
  }

  @Override
  Decision<List<Long>> decide(EngineContext context) {
    Map<Long, Long> nextByMilli = new HashMap<>();
    List<Imported.Entry> entries = new ArrayList<>(messages.size());
    List<Long> ids = new ArrayList<>(messages.size());
    for (ImportedMessage m : messages) {
      long milli = m.createdAt().toEpochMilli();
      long id = nextByMilli.computeIfAbsent(milli, ms -> firstFree(context, ms));
      if (id >= Ids.firstIdAt(milli) + (1L << Ids.LOW_BITS)) {
        throw LetterboxException.invalid("more than %d imported messages at %s",
            Ids.IMPORTED_PER_MILLI, m.createdAt());
      }
      nextByMilli.put(milli, id + 1);
      ids.add(id);
      entries.add(new Imported.Entry(id, m.from(), m.to(), m.text()));
    }
    return Decision.of(context.ids().next(), new Imported(entries), ids);
  }

  private static long firstFree(EngineContext context, long milli) {
    long first = Ids.firstIdAt(milli) | Ids.IMPORTED;
    long end = Ids.firstIdAt(milli) + (1L << Ids.LOW_BITS);
    long last = context.state().lastImportedId(first, end);
    return last == 0 ? first : last + 1;
  }
}
