package io.letterbox.engine;

import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.log.Action;
import io.letterbox.model.ImportedMessage;
import io.letterbox.store.KeyRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stores history of an older system at ids of its original times. Imported ids carry
 * {@link Ids#IMPORTED}; within one millisecond they are numbered after the largest one stored.
 */
final class ImportCommand extends Command<List<Long>> {
  private final List<ImportedMessage> messages;

  ImportCommand(List<ImportedMessage> messages) {
    this.messages = messages;
  }

  @Override
  long[] reads() {
    return messages.stream().mapToLong(m -> Conflicts.importedMilli(m.createdAt().toEpochMilli())).toArray();
  }

  @Override
  long[] writes() {
    long[] w = new long[messages.size() * 4];
    int i = 0;
    for (ImportedMessage m : messages) {
      w[i++] = Conflicts.importedMilli(m.createdAt().toEpochMilli());
      w[i++] = Conflicts.pair(m.from(), m.to());
      w[i++] = Conflicts.owner(m.from());
      w[i++] = Conflicts.owner(m.to());
    }
    return w;
  }

  @Override
  Decision<List<Long>> decide(EngineContext context) {
    Map<Long, Long> nextByMilli = new HashMap<>();
    List<Action.Imported.Entry> entries = new ArrayList<>(messages.size());
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
      entries.add(new Action.Imported.Entry(id, m.from(), m.to(), m.text()));
    }
    return Decision.of(context.ids().next(), new Action.Imported(entries), ids);
  }

  private static long firstFree(EngineContext context, long milli) {
    long first = Ids.firstIdAt(milli) | Ids.IMPORTED;
    long end = Ids.firstIdAt(milli) + (1L << Ids.LOW_BITS);
    var last = context.state().store().scan(Spaces.IMPORTED,
        new KeyRange(LogKey.of(first), LogKey.of(end)), true, 1);
    return last.isEmpty() ? first : LogKey.id(last.get(0).key()) + 1;
  }
}
