package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Route;
import io.letterbox.server.http.routes.OpsRoutes;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Java client has a method for every operation of the served OpenAPI document, at its method and path. */
class ClientCoverageTest {
  /** Operations a Java backend has no use for, each with the reason. */
  private static final Map<String, String> NOT_FOR_JAVA = Map.of(
      "webInbox", "the web inbox's page, for a browser",
      "webInboxFile", "the web inbox's scripts and styles, for a browser",
      "openEventSocket", "the same events as streamEvents, which Events.listen reads (SSE resumes with Last-Event-ID)");

  @Test
  void everyOperationOfTheServedDocumentIsAClientMethodAtItsMethodAndPath() throws Exception {
    JsonNode doc;
    try (InputStream in = OpsRoutes.class.getResourceAsStream("/io/letterbox/server/openapi.json")) {
      doc = new ObjectMapper().readTree(in); // what GET /openapi.json serves
    }
    Map<String, Route> mapped = mappedRoutes();
    Map<String, String> documented = new HashMap<>();
    doc.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op ->
        documented.put(op.getValue().get("operationId").asText(), op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey())));

    documented.keySet().removeAll(NOT_FOR_JAVA.keySet());
    Map<String, String> called = new HashMap<>();
    mapped.forEach((id, route) -> called.put(id, route.method + " " + route.template));
    assertThat(called).containsExactlyInAnyOrderEntriesOf(documented);
  }

  /** operationId to route, from the {@link Maps} of the public methods of the client's groups of calls. */
  private static Map<String, Route> mappedRoutes() {
    Map<String, Route> mapped = new HashMap<>();
    for (Method group : LetterboxClient.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(group.getModifiers()) || Modifier.isStatic(group.getModifiers())
          || group.getParameterCount() > 0 || !group.getReturnType().getPackageName().equals("io.letterbox.client")) {
        continue;
      }
      Arrays.stream(group.getReturnType().getMethods()).filter(m -> m.isAnnotationPresent(Maps.class))
          .forEach(m -> mapped.put(m.getAnnotation(Maps.class).value().operationId, m.getAnnotation(Maps.class).value()));
    }
    return mapped;
  }
}
