package conformance

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// A reply is one scripted answer of the mock API: either text or a tool call.
// The mock turns it into a Messages API response, streamed as server-sent
// events when the request asks for "stream": true.
type reply struct {
	Text string
	// Tool names a tool to call; Input is its JSON input.
	Tool  string
	Input map[string]any
	id    string // the tool_use id, unique within a session
}

// A script chooses the reply to the n-th request of the main loop (n counts
// from 0). Requests outside the main loop (without tools) get text.
type script func(n int, req *apiRequest) reply

// endTurn is the script of a session that only needs Claude Code's first
// request: it answers every request with text.
func endTurn(int, *apiRequest) reply { return reply{Text: "ok"} }

// apiRequest is the part of a Messages API request the suite reads. Raw is
// the whole body, kept for debugging.
type apiRequest struct {
	Path     string
	Raw      []byte
	Stream   bool              `json:"stream"`
	System   json.RawMessage   `json:"system"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []apiMessage      `json:"messages"`
}

type apiMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// texts returns the text blocks of a message, whichever form its content has
// (a string or a list of blocks).
func (m apiMessage) texts() []string {
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		return []string{s}
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(m.Content, &blocks) != nil {
		return nil
	}
	var out []string
	for _, b := range blocks {
		if b.Type == "text" {
			out = append(out, b.Text)
		}
	}
	return out
}

// mockAPI is a loopback stand-in for the Anthropic API serving one session.
// It records every request body.
type mockAPI struct {
	srv    *httptest.Server
	script script

	// waitSelector, when set, holds every main-loop answer after the first
	// until the recall selector's request has arrived (or the wait ends):
	// Claude Code sends that side query in parallel and uses its answer only
	// in a later call of the turn.
	waitSelector time.Duration
	selector     chan struct{} // closed when the selector request arrives

	mu          sync.Mutex
	requests    []*apiRequest
	mainN       int
	sawSelector bool
}

func newMockAPI(s script) *mockAPI {
	m := &mockAPI{script: s, selector: make(chan struct{})}
	m.srv = httptest.NewServer(http.HandlerFunc(m.serve))
	return m
}

func (m *mockAPI) URL() string { return m.srv.URL }
func (m *mockAPI) Close()      { m.srv.Close() }

// Requests returns the requests recorded so far, in arrival order.
func (m *mockAPI) Requests() []*apiRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]*apiRequest(nil), m.requests...)
}

func (m *mockAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages/count_tokens":
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"input_tokens":100}`)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
	default:
		// Anything else Claude Code asks for is not needed offline.
		http.NotFound(w, r)
		return
	}
	req := &apiRequest{Path: r.URL.RequestURI(), Raw: body}
	if err := json.Unmarshal(body, req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m.mu.Lock()
	m.requests = append(m.requests, req)
	rep := reply{Text: `{"selected_memories":[]}`}
	n := -1
	if len(req.Tools) > 0 {
		n = m.mainN
		rep = m.script(n, req)
		rep.id = fmt.Sprintf("toolu_%02d", n)
		m.mainN++
	} else if manifestOf(req) != nil && !m.sawSelector {
		m.sawSelector = true
		close(m.selector)
	}
	m.mu.Unlock()
	if n > 0 && m.waitSelector > 0 {
		select {
		case <-m.selector:
		case <-time.After(m.waitSelector):
		case <-r.Context().Done():
		}
	}
	writeReply(w, req.Stream, rep)
}

// writeReply answers with one content block, as JSON or as the event stream
// the Messages API sends.
func writeReply(w http.ResponseWriter, stream bool, rep reply) {
	stop := "end_turn"
	block := map[string]any{"type": "text", "text": rep.Text}
	if rep.Tool != "" {
		stop = "tool_use"
		block = map[string]any{"type": "tool_use", "id": rep.id, "name": rep.Tool, "input": rep.Input}
	}
	usage := map[string]any{"input_tokens": 100, "output_tokens": 10}
	msg := map[string]any{
		"id": "msg_01", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
		"content": []any{block}, "stop_reason": stop, "stop_sequence": nil, "usage": usage,
	}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	event := func(name string, data map[string]any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"] = []any{}
	start["stop_reason"] = nil
	event("message_start", map[string]any{"type": "message_start", "message": start})
	if rep.Tool != "" {
		input, _ := json.Marshal(rep.Input)
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": rep.id, "name": rep.Tool, "input": map[string]any{}}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
	} else {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": rep.Text}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 10}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

// indexMarker precedes the loaded index in the first request's first message.
const indexMarker = " (user's auto-memory, persists across conversations):\n\n"

// loadedIndex extracts the MEMORY.md text Claude Code injected into the first
// main-loop request: the text between "Contents of <dir>/MEMORY.md" and the
// closing system-reminder tag. ok is false when no index was injected.
func loadedIndex(reqs []*apiRequest, memDir string) (text string, ok bool, err error) {
	first := firstMain(reqs)
	if first == nil {
		return "", false, fmt.Errorf("no main-loop request recorded (%d requests)", len(reqs))
	}
	if len(first.Messages) == 0 {
		return "", false, fmt.Errorf("first request has no messages")
	}
	head := "Contents of " + memDir + "/MEMORY.md" + indexMarker
	const tail = "\n</system-reminder>"
	for _, t := range first.Messages[0].texts() {
		i := strings.Index(t, head)
		if i < 0 {
			continue
		}
		rest := t[i+len(head):]
		if !strings.HasSuffix(rest, tail) {
			return "", false, fmt.Errorf("index block does not end with %q", tail)
		}
		return strings.TrimSuffix(rest, tail), true, nil
	}
	return "", false, nil
}

func firstMain(reqs []*apiRequest) *apiRequest {
	for _, r := range reqs {
		if len(r.Tools) > 0 {
			return r
		}
	}
	return nil
}

// manifestPrefix starts the first message of the recall selector's request.
const manifestPrefix = "Available memories:\n"

// manifestOf returns the manifest of a recall selector request (the text
// after "Available memories:\n"), or nil when req is not one.
func manifestOf(req *apiRequest) *string {
	if len(req.Tools) > 0 || len(req.Messages) == 0 {
		return nil
	}
	for _, t := range req.Messages[0].texts() {
		if strings.HasPrefix(t, manifestPrefix) {
			m := strings.TrimPrefix(t, manifestPrefix)
			return &m
		}
	}
	return nil
}

// recalledManifest returns the manifest of the first selector request of a
// session, or nil when recall never ran.
func recalledManifest(reqs []*apiRequest) *string {
	for _, r := range reqs {
		if m := manifestOf(r); m != nil {
			return m
		}
	}
	return nil
}
