import SimulateCore

extension SSEClient {
    /// The user does something: the POST goes out at once, whatever the connection state; when the
    /// stream is not connected the screen also changes at once (optimistically).
    func fire(_ action: ClientAction) {
        let mutation: Mutation
        let text: String
        if case .add(let newText) = action {
            mutation = .add(text: newText)
            text = newText
        } else {
            guard let target = action.target, let index = resolve(target) else {
                world.skippedActions += 1
                world.trace.instant(device.id, "post", "no such item", action.target?.description ?? "")
                return
            }
            let item = model[index]
            if case .bump = action, item.done {
                world.refusedBumps += 1
                world.trace.instant(device.id, "post", "bump refused", item.text)
                return
            }
            mutation = action.mutation(itemID: item.id)
            text = item.text
        }
        let optimistic = phase != .connected
        let (serial, token) = world.mutations.fire(
            device: device.id, time: now, mutation: mutation, text: text, optimistic: optimistic, tracksRequest: true)
        world.trace.instant(device.id, "post", mutation.requestName, text, value: Int64(serial))
        if optimistic {
            applyOptimistically(mutation, text: text)
            pendingOptimistic.append(serial)
            world.mutations.hold(serial)
        }
        let server = world.server
        world.network.request(
            from: device, to: SSEServer.name, timeout: world.configuration.requestTimeout,
            serve: { withExtendedLifetime(token) { server.receive(mutation, serial: serial) } },
            completion: { [unowned self] result in posted(serial, result) })
    }

    private func resolve(_ target: ItemTarget) -> Int? {
        switch target {
        case .text(let text): model.firstIndex { $0.text == text }
        case .index(let index): index < model.count ? index : nil
        }
    }

    private func applyOptimistically(_ mutation: Mutation, text: String) {
        switch mutation {
        case .add(let text):
            temporaryCount += 1
            let clock = PunchClock.epochNanoseconds + device.localTime(at: now).nanoseconds
            model.append(
                PunchItem(
                    id: PunchItem.temporaryPrefix + String(temporaryCount), text: text,
                    created: PunchClock.rfc3339(unixNanoseconds: clock)))
        case .toggle(let id), .open(let id), .close(let id), .bump(let id), .delete(let id):
            guard let index = model.firstIndex(where: { $0.id == id }) else { return }
            switch mutation {
            case .toggle: model[index].done.toggle()
            case .open: model[index].done = false
            case .close: model[index].done = true
            case .bump: model.append(model.remove(at: index))
            default: model.remove(at: index)
            }
        }
        world.trace.instant(device.id, "state", "optimistic " + mutation.name, text)
    }

    /// Fire-and-forget: the answer only goes to the trace; the event stream is the confirmation.
    private func posted(_ serial: Int, _ result: Result<MutationReply, NetworkError>) {
        let outcome: String
        switch result {
        case .success(.applied): outcome = "200"
        case .success(.unknownItem): outcome = "404 unknown item"
        case .failure(let error): outcome = error.description
        }
        let method = world.mutations.fired(serial)?.mutation.method ?? ""
        world.mutations.answered(serial, outcome: outcome)
        if case .failure = result { world.failedPosts += 1 }
        world.trace.instant(device.id, "post", method + " " + outcome, value: Int64(serial))
    }

    var temporaryItems: Int { model.reduce(0) { $0 + ($1.isTemporary ? 1 : 0) } }
}

extension Mutation {
    /// The request's trace name: `POST add`, …, `DELETE item`.
    var requestName: String {
        if case .delete = self { return "DELETE item" }
        return "POST " + name
    }
}
