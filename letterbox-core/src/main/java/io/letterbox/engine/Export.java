package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.id.Ids;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * A user's data as it stood when its export began (decision 0046), read a page at a time: each of
 * its conversations as its list shows it, each followed by the messages of it that the user can
 * see, newest first, as a read by id gives them. It reads through {@link Conversations}' paged
 * reads only, so what it yields is what those reads answer, and its memory is a page of each
 * and one bit per conversation, never the user's history.
 *
 * <p>The snapshot is an id: {@link Walk#upTo()}, the largest id of the millisecond the export
 * began. Messages above it are left out, and so is a conversation that holds no message at or
 * below it and whose activity came after it (it began during the export). A conversation whose
 * place in the list changes while the walk runs (a new message moves it to the top, past the walk)
 * is met again by a last pass over the top of each folder; the bits of the conversations already
 * yielded keep each one to a single line.
 */
public final class Export {
  /** Items read per page of the list and of a history; a batch holds at most twice as many lines. */
  public static final int PAGE = 100;

  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final Conversations conversations;

  Export(LetterboxConfig config, PartitionCommands commands, Conversations conversations) {
    this.config = config;
    this.commands = commands;
    this.conversations = conversations;
  }

  /** One line of an export: a conversation or a message. */
  public sealed interface Line permits ConversationLine, MessageLine {}

  /** A conversation as the owner's list shows it. */
  public record ConversationLine(Conversation conversation) implements Line {}

  /** A message the owner can see, as a read by id gives it. */
  public record MessageLine(Message message) implements Line {}

  /**
   * Starts the export of {@code owner}'s data as of now; read it with {@link Walk#next}.
   *
   * @throws LetterboxException INVALID_ARGUMENT for a bad uid, NOT_OWNER where this node does not
   *     host the owner
   */
  public Walk of(long owner) {
    Validate.uid("uid", owner);
    commands.requireHosted(owner);
    return new Walk(owner, snapshot(config.clock()));
  }

  /** The largest id of the clock's current millisecond: every message sent so far is at or below it. */
  static long snapshot(Clock clock) {
    return Ids.firstIdAt(clock.millis() + 1) - 1;
  }

  /** One export's position: not thread-safe, read by one caller at a time. */
  public final class Walk {
    private final long owner;
    private final long upTo;
    private final List<Folder> folders;
    /** The conversations already taken, one-to-one by peer and groups by id. */
    private final Roaring64Bitmap peers = new Roaring64Bitmap();
    private final Roaring64Bitmap groups = new Roaring64Bitmap();
    private final ArrayDeque<Conversation> listed = new ArrayDeque<>();
    private int folder;
    /** False on the first pass over the folders, true on the last pass over their tops. */
    private boolean lastPass;
    private String listCursor;
    private boolean folderRead;
    private boolean done;
    /** The conversation whose history is being read; null between conversations. */
    private Conversation current;
    /** Whether {@link #current}'s line was yielded: once it shows a message at or below the snapshot. */
    private boolean currentYielded;
    private String historyCursor;

    private Walk(long owner, long upTo) {
      this.owner = owner;
      this.upTo = upTo;
      this.folders = config.requestsFolder()
          ? List.of(Folder.DEFAULT, Folder.REQUESTS, Folder.ARCHIVED)
          : List.of(Folder.DEFAULT, Folder.ARCHIVED);
    }

    /** The snapshot: the largest message id the export holds. */
    public long upTo() {
      return upTo;
    }

    /** @return the next lines, at most {@code 2 × PAGE}; empty once the export is complete */
    public List<Line> next() {
      List<Line> out = new ArrayList<>();
      while (out.size() < PAGE && !done) {
        if (current != null) {
          readHistory(out);
        } else {
          current = nextConversation();
          currentYielded = false;
          historyCursor = null;
          done = current == null;
        }
      }
      return out;
    }

    /** Reads a page of the current conversation's history into {@code out}. */
    private void readHistory(List<Line> out) {
      Page<Message> page;
      try {
        page = conversations.history(owner, ref(current), historyCursor, PAGE);
      } catch (LetterboxException e) {
        if (e.code() != ErrorCode.NOT_FOUND && e.code() != ErrorCode.NOT_MEMBER) {
          throw e;
        }
        page = new Page<>(List.of(), null);
      }
      for (Message m : page.items()) {
        if (m.id() <= upTo) {
          yieldCurrent(out);
          out.add(new MessageLine(m));
        }
      }
      historyCursor = page.next();
      if (historyCursor == null) {
        if (activity(current) <= upTo) {
          yieldCurrent(out);
        }
        current = null;
      }
    }

    private void yieldCurrent(List<Line> out) {
      if (!currentYielded) {
        out.add(new ConversationLine(current));
        currentYielded = true;
      }
    }

    /** @return the next conversation not taken yet, in list order; null once every folder is passed twice */
    private Conversation nextConversation() {
      while (true) {
        Conversation c = listed.poll();
        if (c != null) {
          if (lastPass && !c.pinned() && activity(c) <= upTo) {
            // The rest of the folder was there when the first pass went by.
            listed.clear();
            folderRead = true;
          } else if (take(c)) {
            return c;
          }
          continue;
        }
        if (folderRead) {
          folderRead = false;
          listCursor = null;
          if (++folder == folders.size()) {
            if (lastPass) {
              return null;
            }
            lastPass = true;
            folder = 0;
          }
          continue;
        }
        Page<Conversation> page = conversations.list(owner, folders.get(folder), listCursor, PAGE);
        listed.addAll(page.items());
        listCursor = page.next();
        folderRead = listCursor == null;
      }
    }

    /** @return whether {@code c} was not taken before; marks it taken */
    private boolean take(Conversation c) {
      Roaring64Bitmap taken = c.group() != 0 ? groups : peers;
      long key = c.group() != 0 ? c.group() : c.peer();
      if (taken.contains(key)) {
        return false;
      }
      taken.addLong(key);
      return true;
    }
  }

  private static ConversationRef ref(Conversation c) {
    return c.group() != 0 ? ConversationRef.group(c.group()) : ConversationRef.peer(c.peer());
  }

  /** The id of a conversation's latest activity: its newest message, or (a group without one) when it was joined. */
  private static long activity(Conversation c) {
    return c.lastMessage() != null ? c.lastMessage().id() : Ids.firstIdAt(c.updatedAt().toEpochMilli());
  }
}
