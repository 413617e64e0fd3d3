package io.letterbox.engine.write;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.read.StateReader;
import io.letterbox.id.IdGenerator;

/** What a command's decision may consult: the writer's state, the id generator and the settings. */
record EngineContext(StateReader state, IdGenerator ids, LetterboxConfig config) {}
