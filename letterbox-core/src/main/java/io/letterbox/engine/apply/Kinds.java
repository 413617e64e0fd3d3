package io.letterbox.engine.apply;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * A {@link Derivation}'s declaration, per kind of action: the handler that derives from it, or
 * that the kind is ignored. Dispatches an action to its kind's handler (records are final: a
 * kind is its class).
 *
 * @param <T> what the handlers derive into
 */
public final class Kinds<T> {
  private final Map<Class<? extends Action>, BiConsumer<T, Action>> handlers;
  private final Set<Class<? extends Action>> ignored;

  private Kinds(Map<Class<? extends Action>, BiConsumer<T, Action>> handlers, Set<Class<? extends Action>> ignored) {
    this.handlers = Map.copyOf(handlers);
    this.ignored = Set.copyOf(ignored);
  }

  /**
   * Every kind of action the log holds: the permitted subclasses of the sealed {@link Action}, the
   * one list of kinds (the compiler checks it against the kinds' files).
   */
  @SuppressWarnings("unchecked")
  public static List<Class<? extends Action>> ofLog() {
    List<Class<? extends Action>> kinds = new java.util.ArrayList<>();
    for (Class<?> c : Action.class.getPermittedSubclasses()) {
      kinds.add((Class<? extends Action>) c);
    }
    return List.copyOf(kinds);
  }

  public static <T> Builder<T> builder() {
    return new Builder<>();
  }

  /**
   * Whether {@code kind} is declared: handled or ignored. A {@link Redacted} entry is declared by
   * every derivation: each derives it as the entry it redacts, whose content is gone.
   */
  public boolean declares(Class<? extends Action> kind) {
    return kind == Redacted.class || handlers.containsKey(kind) || ignored.contains(kind);
  }

  /** Whether a handler derives from {@code kind}. */
  public boolean handles(Class<? extends Action> kind) {
    return handlers.containsKey(kind);
  }

  /** Runs {@code action}'s handler on {@code target} (a redacted entry's: its entry's); nothing for an ignored kind. */
  public void derive(T target, Action action) {
    Action entry = action instanceof Redacted r ? r.entry() : action;
    BiConsumer<T, Action> handler = handlers.get(entry.getClass());
    if (handler != null) {
      handler.accept(target, entry);
    }
  }

  /** Declares kinds one by one; a kind declared twice is a mistake, refused at once. */
  public static final class Builder<T> {
    private final Map<Class<? extends Action>, BiConsumer<T, Action>> handlers = new HashMap<>();
    private final Set<Class<? extends Action>> ignored = new HashSet<>();

    private Builder() {}

    /** {@code handler} derives from every action of {@code kind}. */
    public <A extends Action> Builder<T> on(Class<A> kind, BiConsumer<? super T, ? super A> handler) {
      fresh(kind);
      handlers.put(kind, (target, action) -> handler.accept(target, kind.cast(action)));
      return this;
    }

    /** Nothing is derived from these kinds, on purpose. */
    @SafeVarargs
    public final Builder<T> ignore(Class<? extends Action>... kinds) {
      for (Class<? extends Action> kind : kinds) {
        fresh(kind);
        ignored.add(kind);
      }
      return this;
    }

    private void fresh(Class<? extends Action> kind) {
      if (handlers.containsKey(kind) || ignored.contains(kind)) {
        throw new IllegalStateException(kind.getSimpleName() + " is declared twice");
      }
    }

    public Kinds<T> build() {
      return new Kinds<>(handlers, ignored);
    }
  }
}
