package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.http.errors.HttpCode;
import io.letterbox.server.http.forwarding.ClusterMap;
import io.letterbox.server.http.routes.OpsRoutes;
import io.letterbox.server.metrics.Metrics;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The served OpenAPI document and the router agree: every route is described, nothing more. */
class OpenApiDocumentTest {
  private Vertx vertx;
  private Metrics metrics;
  private EngineCalls engine;

  @BeforeEach
  void open() {
    vertx = Vertx.vertx();
    metrics = new Metrics();
    engine = new EngineCalls(vertx, 1, 16);
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
    metrics.close();
    vertx.close().toCompletionStage().toCompletableFuture().get();
  }

  @Test
  void everyRouteOfTheServerIsInTheDocumentAndEveryOperationOfTheDocumentIsARoute() throws Exception {
    // Routes only keep the engine for later calls, so none is needed to list them.
    Router router = HttpApi.router(vertx, null, engine, ServerConfig.builder().build(), metrics, () -> true,
        new NoCluster(), null, new io.letterbox.server.auth.Revocations(null, Runnable::run), null,
        io.letterbox.server.http.routes.ClusterRoutes.Announced.NONE, null);
    List<String> served = new ArrayList<>();
    for (Route route : router.getRoutes()) {
      if (route.getPath() != null && route.methods() != null) {
        if (route.getPath().startsWith("/internal/")) {
          continue; // the cluster members' own calls, not the API
        }
        for (HttpMethod method : route.methods()) {
          served.add(method.name() + " " + route.getPath().replaceAll(":(\\w+)", "{$1}"));
        }
      }
    }
    List<String> documented = new ArrayList<>();
    document().get("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(
        method -> documented.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey())));

    assertThat(served).contains("POST /v1/broadcasts/{id}/resume");
    assertThat(documented).containsExactlyInAnyOrderElementsOf(served);
  }

  private static JsonNode document() throws Exception {
    try (InputStream in = OpsRoutes.class.getResourceAsStream("/io/letterbox/server/openapi.json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  @Test
  void everyOperationHasAUniqueIdADeclaredTagAndADescription() throws Exception {
    JsonNode doc = document();
    java.util.Set<String> tags = new java.util.HashSet<>();
    doc.get("tags").forEach(t -> tags.add(t.get("name").asText()));
    List<String> ids = new ArrayList<>();
    doc.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
      String where = op.getKey() + " " + path.getKey();
      JsonNode o = op.getValue();
      assertThat(o.path("operationId").asText()).as(where).matches("[a-z][A-Za-z]+");
      ids.add(o.get("operationId").asText());
      assertThat(o.path("tags")).as(where).hasSize(1);
      assertThat(tags).as(where).contains(o.get("tags").get(0).asText());
      assertThat(o.path("description").asText()).as(where).isNotBlank();
    }));
    assertThat(ids).doesNotHaveDuplicates();
  }

  @Test
  void theDocumentIsValidOpenApi303() throws Exception {
    io.swagger.v3.parser.core.models.ParseOptions options = new io.swagger.v3.parser.core.models.ParseOptions();
    options.setResolve(true);
    io.swagger.v3.parser.core.models.SwaggerParseResult result =
        new io.swagger.v3.parser.OpenAPIV3Parser().readContents(document().toString(), null, options);

    assertThat(result.getMessages()).isEmpty();
    assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.0.3");
  }

  @Test
  void everyErrorCodeTheServerAnswersIsInTheDocument() throws Exception {
    List<String> documented = new ArrayList<>();
    document().at("/components/schemas/Error/properties/error/properties/code/enum").forEach(c -> documented.add(c.asText()));
    for (io.letterbox.engine.ErrorCode code : io.letterbox.engine.ErrorCode.values()) {
      assertThat(documented).contains(code.name());
    }
    for (HttpCode code : HttpCode.values()) {
      assertThat(documented).contains(code.name());
    }
  }

  /** A cluster map that knows nothing: enough to register the cluster routes. */
  private static final class NoCluster implements ClusterMap {
    @Override
    public String self() {
      return "test";
    }

    @Override
    public java.util.Optional<java.net.URI> urlOf(int partition) {
      return java.util.Optional.empty();
    }

    @Override
    public List<java.net.URI> others() {
      return List.of();
    }

    @Override
    public io.letterbox.server.cluster.ClusterSecret secret() {
      return new io.letterbox.server.cluster.ClusterSecret("secret");
    }

    @Override
    public Object describe() {
      return java.util.Map.of();
    }

    @Override
    public boolean ready() {
      return true;
    }
  }
}
