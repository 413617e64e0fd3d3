package io.letterbox.engine.derive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.apply.Kinds;
import io.letterbox.engine.apply.ReadMarked;
import io.letterbox.engine.apply.Sent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DerivationsTest {

  @Test
  void everyRegisteredConsumerHandlesOrIgnoresEveryKindOfAction() {
    List<String> undeclared = new ArrayList<>();
    for (Derivation<?> consumer : Derivations.all()) {
      for (Class<? extends Action> kind : Kinds.ofLog()) {
        if (!consumer.kinds().declares(kind)) {
          undeclared.add(consumer.name() + " does not say what it does with " + kind.getSimpleName());
        }
      }
    }
    assertThat(undeclared).as("each consumer must handle or ignore every kind of action").isEmpty();
  }

  @Test
  void theKindsOfTheLogAreTheSealedActionsPermittedKinds() {
    assertThat(Kinds.ofLog()).hasSize(Action.class.getPermittedSubclasses().length)
        .contains(Sent.class, ReadMarked.class)
        .allSatisfy(kind -> assertThat(kind.isRecord()).as(kind.getSimpleName()).isTrue());
  }

  @Test
  void anActionGoesToItsKindsHandlerAndAnIgnoredKindToNone() {
    Kinds<List<String>> kinds = Kinds.<List<String>>builder()
        .on(Sent.class, (seen, s) -> seen.add("sent " + s.id()))
        .ignore(ReadMarked.class)
        .build();
    List<String> seen = new ArrayList<>();

    kinds.derive(seen, new Sent(7, 1, 2, "hi", null, 0));
    kinds.derive(seen, new ReadMarked(1, 2, null, 7));

    assertThat(seen).containsExactly("sent 7");
    assertThat(kinds.handles(Sent.class)).isTrue();
    assertThat(kinds.handles(ReadMarked.class)).isFalse();
    assertThat(kinds.declares(ReadMarked.class)).isTrue();
  }

  @Test
  void aKindDeclaredTwiceIsRefused() {
    assertThatThrownBy(() -> Kinds.<Void>builder().on(Sent.class, (v, s) -> {}).ignore(Sent.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Sent is declared twice");
  }
}
