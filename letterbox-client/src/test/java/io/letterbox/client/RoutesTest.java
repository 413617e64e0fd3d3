package io.letterbox.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Route;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each public method that says it calls a route ({@link Maps}) sends that route's method and path. */
class RoutesTest {
  private static FakeServer server;
  private static LetterboxClient client;

  @BeforeAll
  static void start() {
    server = new FakeServer((r, ex, i) -> FakeServer.json(ex, 404, "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"a stand-in\"}}"));
    client = Fixtures.client(server.url()).retryPolicy(RetryPolicy.NONE).build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Stream<Method> mappedMethods() {
    return Arrays.stream(LetterboxClient.class.getDeclaredMethods())
        .filter(m -> m.getParameterCount() == 0 && m.getReturnType().getPackageName().equals("io.letterbox.client"))
        .flatMap(group -> Arrays.stream(group.getReturnType().getMethods()))
        .filter(m -> m.isAnnotationPresent(Maps.class));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappedMethods")
  void theMethodSendsItsRoute(Method method) throws Exception {
    server.received.clear();
    Object group = LetterboxClient.class.getMethod(method.getDeclaringClass().getSimpleName().toLowerCase()).invoke(client);
    Object[] args = Arrays.stream(method.getParameterTypes()).map(RoutesTest::sample).toArray();

    Object result = method.invoke(group, args);
    if (result instanceof Listing<?> listing) {
      result = listing.first();
    }
    if (result instanceof Call<?> call) {
      call.executeAsync().exceptionally(e -> null).get();
    }
    Awaitility.await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5)).atMost(Duration.ofMinutes(1)).until(() -> !server.received.isEmpty());
    if (result instanceof EventSubscription subscription) {
      subscription.close();
    }

    Route route = method.getAnnotation(Maps.class).value();
    FakeServer.Received sent = server.received.get(0);
    String path = sent.uri().replaceAll("\\?.*", "");
    assertThat(sent.method() + " " + path).matches(route.method + " " + route.template.replaceAll("\\{\\w+}", "[^/]+"));
  }

  /** A value of {@code type} good enough to make a request. */
  private static Object sample(Class<?> type) {
    if (type == long.class || type == Long.class) {
      return 7L;
    } else if (type == int.class || type == Integer.class) {
      return 5;
    } else if (type == boolean.class || type == Boolean.class) {
      return true;
    } else if (type == String.class) {
      return "s";
    } else if (type == List.class) {
      return List.of();
    } else if (type == Map.class) {
      return Map.of("k", "v");
    } else if (type == Instant.class) {
      return Instant.EPOCH;
    } else if (type == Supplier.class) {
      return (Supplier<InputStream>) () -> new ByteArrayInputStream(new byte[] {1});
    } else if (type == EventListener.class) {
      return (EventListener) event -> {};
    } else if (type.isRecord()) {
      try {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        return type.getDeclaredConstructor(types).newInstance(Arrays.stream(types).map(RoutesTest::sample).toArray());
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }
    return null;
  }
}
